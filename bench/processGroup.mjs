// Stopping a program that forks helpers (Chromium's zygotes, GPU, network and renderer
// processes) and waiting until none of them is left. The leader's `exit` event is not enough:
// helpers outlive the browser process for a moment and keep writing into its profile, and a
// folder removed meanwhile fails with ENOTEMPTY. Start the program with `spawn(…, { detached:
// true })` so that it leads a process group of its own (its pid is the group's id); every
// helper it forks stays in that group.

import { readdirSync, readFileSync } from "node:fs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * True while a process of the group `pgid` runs. `kill(-pgid, 0)` sends nothing: it only asks
 * whether the group can be signalled; ESRCH means it is empty, EPERM that it exists but
 * belongs to someone else. A zombie also answers it, and a helper orphaned by the browser's
 * exit stays one until the machine's init reaps it (up to 1.5 s on the benchmark machine; an
 * init that never reaps keeps it forever), though it holds no file open any more: where /proc
 * tells, a group of zombies only counts as gone.
 */
export function processGroupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    if (error.code === "ESRCH") return false;
    if (error.code === "EPERM") return true;
    throw error;
  }
  return hasLiveMember(pgid);
}

/** Whether /proc lists a process of group `pgid` that is not a zombie (true without /proc). */
function hasLiveMember(pgid) {
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // it ended meanwhile
    }
    // "pid (command) state ppid pgrp …": the command may hold spaces and parentheses.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(pgrp) === pgid && state !== "Z") return true;
  }
  return false;
}

/** Sends `signal` to every process of the group; an empty group is not an error. */
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch (error) {
    if (error.code !== "ESRCH") throw error;
  }
}

/**
 * Sends SIGTERM to the group `pgid` and resolves once none of its processes runs (see
 * processGroupAlive). What still runs after `graceMs` gets SIGKILL; what still runs `killMs`
 * after that (a process stuck in the kernel, or a zombie where there is no /proc) is given up
 * on, so the wait is bounded: resolves `true` when the group is gone, `false` when it was
 * given up on.
 *
 * @example
 *   const child = spawn(command, args, { detached: true });
 *   …
 *   await stopProcessGroup(child.pid);
 *   rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
 */
export async function stopProcessGroup(
  pgid,
  { graceMs = 5_000, killMs = 2_000, pollMs = 25 } = {},
) {
  signalGroup(pgid, "SIGTERM");
  const killAt = Date.now() + graceMs;
  const giveUpAt = killAt + killMs;
  let killed = false;
  while (processGroupAlive(pgid)) {
    const now = Date.now();
    if (now >= giveUpAt) return false;
    if (!killed && now >= killAt) {
      signalGroup(pgid, "SIGKILL");
      killed = true;
    }
    await sleep(pollMs);
  }
  return true;
}
