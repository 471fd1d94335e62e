import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { build } from "../build.mjs";
import installBaseCode, { type QueueFunction } from "./baseCode.ts";

describe("base code", () => {
  it("queues [resolve, reject, args] and registers the name", async () => {
    const win: Record<string, unknown> = {};
    installBaseCode(win, ["alloy"]);
    expect(win.__alloyNS).toEqual(["alloy"]);
    const alloy = win.alloy as QueueFunction;
    const pending = alloy("sendEvent", { xdm: { a: 1 } });
    expect(alloy.q).toHaveLength(1);
    const [resolve, , args] = alloy.q[0]!;
    expect(Array.from(args)).toEqual(["sendEvent", { xdm: { a: 1 } }]);
    resolve({ ok: true });
    await expect(pending).resolves.toEqual({ ok: true });
  });

  it("leaves an existing instance alone", () => {
    const existing = () => 1;
    const win: Record<string, unknown> = { alloy: existing };
    installBaseCode(win, ["alloy", "other"]);
    expect(win.alloy).toBe(existing);
    expect(win.__alloyNS).toEqual(["other"]);
  });

  it("the minified snippet behaves the same", async () => {
    await build();
    const code = readFileSync(join(import.meta.dirname, "../dist/base-code.min.js"), "utf8");
    const window: Record<string, unknown> = {};
    runInNewContext(code, { window, Promise });
    expect(window.__alloyNS).toEqual(["alloy"]);
    void (window.alloy as QueueFunction)("configure", {});
    expect((window.alloy as QueueFunction).q).toHaveLength(1);
  });
});
