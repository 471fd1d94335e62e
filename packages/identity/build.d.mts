export const outputs: string[];
export function build(): Promise<void>;
