import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { processGroupAlive, stopProcessGroup } from "./processGroup.mjs";

// A shell leading its own process group, printing the pids of the helpers it started.
const startGroup = (script) =>
  new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", script], {
      detached: true,
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.on("error", reject);
    child.stdout.once("data", (chunk) =>
      resolve({ pid: child.pid, helpers: chunk.toString().trim().split(/\s+/).map(Number) }),
    );
  });

/** A process's state letter from /proc ("Z" for a zombie), or undefined once it is reaped. */
function stateOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0];
  } catch {
    return undefined;
  }
}
// A zombie runs nothing any more: it is gone for these tests, as for stopProcessGroup.
const alive = (pid) => ![undefined, "Z"].includes(stateOf(pid));

describe("stopProcessGroup", () => {
  it("waits for a helper that outlives the group's leader", async () => {
    // The leader dies at SIGTERM; the helper ignores it and exits by itself 1.5 s after it
    // started, as Chromium's helpers outlive the browser process for a moment.
    const { pid, helpers } = await startGroup(`(trap '' TERM; sleep 1.5) & echo $!; exec sleep 30`);
    expect(helpers.every(alive)).toBe(true);
    expect(await stopProcessGroup(pid)).toBe(true);
    expect(helpers.some(alive)).toBe(false);
    expect(processGroupAlive(pid)).toBe(false);
  });

  it("kills what ignores SIGTERM after the grace time, then answers", async () => {
    // Everything in this group ignores SIGTERM (an ignored signal stays ignored across exec).
    const { pid, helpers } = await startGroup(`trap '' TERM; sleep 30 & echo $!; wait`);
    const started = Date.now();
    expect(await stopProcessGroup(pid, { graceMs: 300 })).toBe(true);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(5_000);
    expect(helpers.some(alive)).toBe(false);
    expect(processGroupAlive(pid)).toBe(false);
  });

  it("counts a group of zombies as gone", async () => {
    // perl (essential on Debian) forks a child that leads a group of its own and exits; the
    // parent never reaps it, so the group holds a zombie alone, as after Chromium's exit
    // until init reaps its orphaned helpers.
    const parent = spawn(
      "perl",
      [
        "-e",
        '$|=1; my $p = fork // die; if (!$p) { setpgrp(0, 0); exit 0 } setpgrp($p, $p); print "$p\\n"; sleep 30',
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      const zombie = Number(await new Promise((resolve) => parent.stdout.once("data", resolve)));
      for (let tries = 0; stateOf(zombie) !== "Z"; tries++) {
        expect(tries).toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(() => process.kill(-zombie, 0)).not.toThrow();
      expect(processGroupAlive(zombie)).toBe(false);
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it("answers false for a group that has gone already", () => {
    // Above Linux's largest pid (pid_max is at most 2^22), so no process group has this id.
    expect(processGroupAlive(2 ** 22 + 1)).toBe(false);
  });
});
