import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { launchCdp, openPage } from "./cdpPipe.mjs";
import { processGroupAlive } from "./processGroup.mjs";

/**
 * The live (not zombie) processes whose command line names `profile`: the browser and every
 * helper it starts gets `--user-data-dir=<profile>`. Answers `{ pid, pgid }` from /proc.
 */
function processesOf(profile) {
  const found = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(profile)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command's closing parenthesis: state, ppid, pgrp, …
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state !== "Z") found.push({ pid: Number(entry), pgid: Number(pgrp) });
    } catch {
      // The process ended while it was read.
    }
  }
  return found;
}

// A close that removed the profile as soon as the browser process exited failed with
// ENOTEMPTY (a helper was still writing into it) on the first try on this machine.
describe("launchCdp close", () => {
  it("removes the profile once Chromium and all its helpers have gone", async () => {
    for (let round = 0; round < 2; round++) {
      const cdp = launchCdp({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      const page = await openPage(cdp);
      await page.goto("data:text/html,<p>profile</p>");
      expect(existsSync(cdp.profile)).toBe(true);
      const running = processesOf(cdp.profile);
      // The browser and its helpers (zygotes, network service, renderers), all in the
      // browser's own process group.
      expect(running.length).toBeGreaterThan(2);
      expect(running.every(({ pgid }) => pgid === cdp.pid)).toBe(true);
      await page.close();
      await cdp.close();
      expect(existsSync(cdp.profile)).toBe(false);
      expect(processGroupAlive(cdp.pid)).toBe(false);
      expect(processesOf(cdp.profile)).toEqual([]);
    }
  }, 60_000);
});
