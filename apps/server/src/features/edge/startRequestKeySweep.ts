import type { EventRepository } from "../../store/Store.ts";

/** How often each node deletes keys past the window: at most an hour's keys wait beyond it. */
export const REQUEST_KEY_SWEEP_MS = 60 * 60 * 1000;

/**
 * Deletes request keys older than the retry window (docs/server.md, Retries), once at start
 * and then every `everyMs`, on an unref'd timer (it never keeps the process alive). Every
 * node on a database runs it; a run that finds nothing costs one index probe. A failed run
 * is logged and tried again at the next tick. Keys are never needed past the window: an
 * older key is replaced by the next request that carries it, swept or not.
 */
export default function startRequestKeySweep(
  keys: Pick<EventRepository, "removeRequestKeysBefore">,
  options: {
    windowMs: number;
    now: () => number;
    log: (error: unknown, message: string) => void;
    everyMs?: number;
  },
): { stop(): void; ran: Promise<void> } {
  const run = async () => {
    try {
      await keys.removeRequestKeysBefore(new Date(options.now() - options.windowMs));
    } catch (error) {
      options.log(error, "edge: removing request keys past the retry window failed");
    }
  };
  const ran = run();
  const timer = setInterval(() => void run(), options.everyMs ?? REQUEST_KEY_SWEEP_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), ran };
}
