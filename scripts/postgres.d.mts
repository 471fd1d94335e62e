/** Installs PostgreSQL's server package when missing and root; returns its bin dir. */
export function ensurePostgres(): string | undefined;
/** Starts a throwaway cluster on a free loopback port; `stop()` removes it. */
export function startPostgres(): Promise<{ url: string; stop: () => void }>;
/** A free loopback TCP port (taken, then released). */
export function freePort(): Promise<number>;
