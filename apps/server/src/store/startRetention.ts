import type { Store } from "./Store.ts";

const DAY_MS = 86_400_000;

/** The first UTC midnight kept when `days` days are retained: today and the days before it. */
export const retentionCutoff = (days: number, now: Date = new Date()): Date =>
  new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - days * DAY_MS);

/**
 * `--retain-days N`: removes events received before UTC midnight N days ago, once now and
 * then daily. The timer is unref'd (it never keeps the process alive) and a failed run is
 * logged and tried again the next day; on several nodes each one runs it, and a run that
 * finds nothing to remove costs one catalog query.
 */
export default function startRetention(
  store: Store,
  days: number,
  log: (line: string) => void,
): { stop(): void; ran: Promise<void> } {
  const run = async () => {
    try {
      const removed = await store.events.removeBefore(retentionCutoff(days));
      if (removed.length > 0)
        log(`retention (${days} days): removed the events of ${removed.join(", ")}`);
    } catch (error) {
      log(
        `retention (${days} days) failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  const ran = run();
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), ran };
}
