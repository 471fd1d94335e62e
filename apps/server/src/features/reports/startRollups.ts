import type { ReportRollups } from "./ReportRollups.ts";

const EVERY_MS = 10 * 60_000;

/**
 * Builds the report rollups on PostgreSQL (closed days, and the ended hours of today) now
 * and every 10 minutes. Every node runs
 * it; an advisory lock lets one build at a time and the others skip the run. The timer is
 * unref'd (it never keeps the process alive); a failed run is logged and tried again.
 */
export default function startRollups(
  rollups: ReportRollups,
  log: (line: string) => void,
  now: () => Date = () => new Date(),
): { stop(): void; ran: Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = async () => {
    try {
      // Stopping ends the run after the day being built, so shutdown does not wait for more.
      const built = await rollups.build(now(), () => !stopped);
      if (built.length > 0) log(`report rollups: built ${built.join(", ")}`);
    } catch (error) {
      log(`report rollups failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const tick = () => {
    // A long first build (a database's whole history) is not started twice.
    running ??= run().finally(() => (running = undefined));
    return running;
  };
  const ran = tick();
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
    ran,
  };
}
