import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export interface WalCheckpointerOptions {
  /** Pause between two PASSIVE checkpoints. */
  intervalMs: number;
  /**
   * WAL frames (pages) left after a PASSIVE checkpoint above which the next one is RESTART:
   * it waits for the writer, finishes, and lets the next commit start the WAL over, so the
   * file cannot grow without bound under a load that never pauses.
   */
  restartFrames: number;
  synchronous: "NORMAL" | "FULL";
}

// Runs inside the worker (CommonJS eval). Its own connection to the same file; checkpoints
// never touch what a commit made durable: they copy committed WAL frames into the database.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
db.pragma("synchronous = " + workerData.synchronous);
let restart = false;
let timer;
const tick = () => {
  try {
    const [row] = db.pragma("wal_checkpoint(" + (restart ? "RESTART" : "PASSIVE") + ")");
    restart = row.log >= workerData.restartFrames;
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
  timer = setTimeout(tick, workerData.intervalMs);
};
timer = setTimeout(tick, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message !== "close") return;
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints a WAL database from a worker thread. SQLite's automatic checkpoint runs inside
 * the committing call, so on the ingest path it stalled the event loop for the copy and the
 * fsync of the database file (up to hundreds of milliseconds on a contended machine,
 * bench/RESULTS.md). With `wal_autocheckpoint = 0` on the writing connection and this
 * worker doing the checkpoints, commits only append to the WAL.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(file: string, options: WalCheckpointerOptions) {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    this.worker = new Worker(workerSource, {
      eval: true,
      workerData: { file, driver, ...options },
    });
    // A store that is never closed must not keep the process alive; an interrupted
    // checkpoint is safe (SQLite resumes from the WAL on the next open).
    this.worker.unref();
    this.worker.on("message", (message: { error?: string }) => {
      if (message.error) console.error(`liftoff: WAL checkpoint failed: ${message.error}`);
    });
    this.exited = new Promise((resolve) => this.worker.once("exit", () => resolve()));
  }

  /**
   * Stops checkpointing and closes the worker's connection. The thread is ref'd until it
   * exits, so a caller awaiting this is never left behind by a process that ran out of work.
   */
  close(): Promise<void> {
    this.worker.ref();
    this.worker.postMessage("close");
    return this.exited;
  }
}
