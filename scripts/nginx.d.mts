export interface RunningNginx {
  /** `https://127.0.0.1:PORT` (a self-signed certificate). */
  origin: string;
  port: number;
  dir: string;
  /** Points the upstream at other nodes (nginx -s reload). */
  reload(nodes: string[]): void;
  accessLog(): string;
  stop(): Promise<void>;
}
/** Installs Debian's nginx when missing and root; returns its path. */
export function ensureNginx(): string | undefined;
/** deploy/nginx/liftoff.conf with the node addresses, port and certificate paths replaced. */
export function renderConfig(
  text: string,
  options: { nodes: string[]; port: number; cert: string; key: string },
): string;
/** nginx running deploy/nginx/liftoff.conf in front of `nodes` (`127.0.0.1:PORT` each). */
export function startNginx(nodes: string[]): Promise<RunningNginx>;
