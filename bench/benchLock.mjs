// Benchmarks share a 2-core machine: two running at once would each measure the other. Every
// timing benchmark takes one exclusive lock before it measures and keeps it until it exits,
// so a second one waits its turn instead of skewing both.
import { spawn } from "node:child_process";

const LOCK = "/tmp/liftoff-bench.lock";
// Benchmarks a benchmark starts (none today) or a shell that already holds the lock with
// flock(1) set this, so they do not wait for themselves.
const HELD = "LIFTOFF_BENCH_LOCK_HELD";

/**
 * Waits for the benchmark lock and holds it until this process exits. flock(1) holds it for
 * as long as its `cat` reads our end of a pipe: however this process ends, the pipe closes
 * and the lock is free. Without flock(1) (not Linux), it warns and measures anyway.
 */
export async function holdBenchLock() {
  if (process.env[HELD]) return;
  const holder = spawn("flock", [LOCK, "sh", "-c", "echo held; exec cat >/dev/null"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const waiting = setTimeout(
    () => console.error(`waiting for another benchmark to finish (${LOCK})…`),
    1000,
  );
  try {
    await new Promise((resolve, reject) => {
      holder.once("error", reject);
      holder.once("exit", (code) => reject(new Error(`flock exited with ${code}`)));
      holder.stdout.once("data", resolve);
    });
  } catch (error) {
    console.error(`benchmark lock not taken (${error.message}); measuring anyway`);
    return;
  } finally {
    clearTimeout(waiting);
  }
  process.env[HELD] = "1";
  // The holder must not keep this process alive, nor its pipe.
  holder.unref();
  holder.stdin.unref?.();
  holder.stdout.unref?.();
  holder.stdin.on("error", () => {});
}
