export interface Outcome {
  id: string;
  status: number;
  /** When the answer came, from the start of the load. */
  ms: number;
}
export function edgeBody(events?: number): string;
export function edgeLoad(
  origin: string,
  configId: string,
  options: {
    seconds: number;
    connections?: number;
    events?: number;
    at?: Array<{ ms: number; run: () => void }>;
  },
): Promise<{ outcomes: Outcome[]; errors: number; timeouts: number }>;
