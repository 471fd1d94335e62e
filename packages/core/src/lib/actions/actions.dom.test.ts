import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fakeTurbine, { type FakeTurbine } from "../../../test/fakeTurbine.ts";
import type { RuleEvent } from "../types.ts";

type Action = (settings: object, event: RuleEvent) => unknown;
let turbine: FakeTurbine;
const w = window as unknown as { _satellite: Record<string, any> };

async function fresh(file: string, options: Parameters<typeof fakeTurbine>[0] = {}) {
  vi.resetModules();
  turbine = fakeTurbine(options);
  (await import("../env.ts")).inject(turbine, options.require);
  return ((await import(file)) as { default: Action }).default;
}

beforeEach(() => {
  w._satellite = {};
  document.body.innerHTML = "";
});
afterEach(() => vi.useRealTimers());

describe("directCall", () => {
  it("calls _satellite.track with the detail entries, or with the identifier alone", async () => {
    const directCall = await fresh("./directCall.ts");
    const calls: unknown[][] = [];
    w._satellite.track = (...args: unknown[]) => calls.push(args);
    directCall({ identifier: "download" }, {});
    directCall(
      {
        identifier: "download",
        detail: {
          eventObjectEntries: [
            { key: "file", value: "a.pdf" },
            { key: "n", value: 2 },
          ],
        },
      },
      {},
    );
    expect(calls).toEqual([["download"], ["download", { file: "a.pdf", n: 2 }]]);
    expect(() => directCall({}, {})).toThrow("settings.identifier");
  });
});

// Script execution is proven in Chromium (customCode.e2e.ts): jsdom runs inserted scripts in
// a global the test cannot see. These cover what needs no script to run.
describe("customCode", () => {
  it("HTML without scripts lands at the end of the body, in write order", async () => {
    const customCode = await fresh("./customCode.ts");
    document.body.innerHTML = "<main></main>";
    await customCode({ language: "html", source: "<div id='one'></div>" }, {});
    await customCode({ language: "html", source: "<div id='two'></div>" }, {});
    expect(Array.from(document.body.children).map((e) => e.id || e.tagName)).toEqual([
      "MAIN",
      "one",
      "two",
    ]);
  });

  it("waits for document.body, retrying every 20 ms", async () => {
    vi.useFakeTimers();
    const customCode = await fresh("./customCode.ts");
    const body = document.body;
    body.remove();
    const done = customCode({ language: "html", source: "<i id='late'></i>" }, {});
    vi.advanceTimersByTime(60);
    expect(document.getElementById("late")).toBeNull();
    document.documentElement.appendChild(body);
    vi.advanceTimersByTime(20);
    await done;
    expect(document.getElementById("late")).not.toBeNull();
  });

  it("a compiled function runs with this = the element and settles the action", async () => {
    const customCode = await fresh("./customCode.ts");
    const element = document.createElement("a");
    const event = { element, target: element, $type: "core.click" };
    const seen: unknown[] = [];
    const source = function (this: unknown, e: unknown, target: unknown, p: unknown) {
      seen.push(this, e, target, p);
      return "done";
    };
    await expect(customCode({ language: "javascript", source }, event)).resolves.toBe("done");
    expect(seen).toEqual([element, event, element, Promise]);
    const later = () => new Promise((resolve) => setTimeout(() => resolve("later"), 5));
    await expect(customCode({ source: later }, {})).resolves.toBe("later");
    const thrown = new Error("tag failed");
    await expect(
      customCode(
        {
          source: () => {
            throw thrown;
          },
        },
        {},
      ),
    ).rejects.toBe(thrown);
    await expect(customCode({ source: () => Promise.reject(thrown) }, {})).rejects.toBe(thrown);
  });

  it("a compiled function waits for document.body and runs in order with HTML writes", async () => {
    vi.useFakeTimers();
    const customCode = await fresh("./customCode.ts");
    const body = document.body;
    body.remove();
    const order: string[] = [];
    const first = customCode({ language: "html", source: "<i id='one'></i>" }, {});
    const fn = customCode(
      {
        source: () =>
          order.push(
            `one=${!!document.getElementById("one")} two=${!!document.getElementById("two")}`,
          ),
      },
      {},
    );
    const second = customCode({ language: "html", source: "<i id='two'></i>" }, {});
    vi.advanceTimersByTime(60);
    expect(order).toEqual([]);
    document.documentElement.appendChild(body);
    vi.advanceTimersByTime(20);
    await Promise.all([first, fn, second]);
    expect(order).toEqual(["one=true two=false"]);
    expect(document.getElementById("two")).not.toBeNull();
  });

  it("has _onCustomCodeSuccess/_onCustomCodeFailure from load; each settles its own HTML once", async () => {
    const customCode = await fresh("./customCode.ts");
    // Core defines both when its module loads: a tag may call them before any HTML ran.
    expect(typeof w._satellite._onCustomCodeSuccess).toBe("function");
    expect(typeof w._satellite._onCustomCodeFailure).toBe("function");
    expect(typeof w._satellite.__registerScript).toBe("function");
    expect(w._satellite._onCustomCodeSuccess(7)).toBeUndefined();
    const tag = (name: string) =>
      `<i class="${name}" data-a="\${reactorCallbackId}" data-b="\${reactorCallbackId}"></i>`;
    const ok = customCode({ language: "html", source: tag("ok") }, {});
    const bad = customCode({ language: "html", source: tag("bad") }, {});
    await vi.waitFor(() => expect(document.querySelector(".bad")).not.toBeNull());
    const ids = (name: string) => {
      const data = (document.querySelector(`.${name}`) as HTMLElement).dataset;
      return [data.a, data.b];
    };
    expect([ids("ok"), ids("bad")]).toEqual([
      ["0", "0"],
      ["1", "1"],
    ]);
    w._satellite._onCustomCodeFailure("1");
    w._satellite._onCustomCodeSuccess(1); // already settled: ignored
    w._satellite._onCustomCodeSuccess(0);
    await expect(ok).resolves.toBeUndefined();
    // No reason, as in Core: the engine logs "…no error information was provided."
    await expect(bad).rejects.toBeUndefined();
  });

  it("external HTML from an RC…-source.js file settles through the same callbacks", async () => {
    const url = "https://assets.example/RC1-source.min.js";
    const require = () => (src: string) => {
      // What a loaded RC file does: hand its code to __registerScript.
      (w._satellite.__registerScript as (u: string, c: string) => void)(
        src,
        '<b id="rc" data-id="${reactorCallbackId}"></b>',
      );
      return Promise.resolve();
    };
    const customCode = await fresh("./customCode.ts", { require });
    const done = customCode({ language: "html", isExternal: true, source: url }, {});
    await vi.waitFor(() => expect(document.getElementById("rc")).not.toBeNull());
    w._satellite._onCustomCodeFailure(Number(document.getElementById("rc")!.dataset.id));
    await expect(done).rejects.toBeUndefined();
  });

  it("a script that fails to load rejects that action only", async () => {
    const require = () => (url: string) =>
      Promise.reject(new Error(`Failed to load script ${url}`));
    const customCode = await fresh("./customCode.ts", { require });
    await expect(
      customCode({ language: "javascript", isExternal: true, source: "/rc/x.js" }, {}),
    ).rejects.toThrow("Failed to load script /rc/x.js");
    await expect(customCode({ language: "html", source: "<b></b>" }, {})).resolves.toBeUndefined();
    expect(() => customCode({ language: "html" }, {})).toThrow("settings.source");
  });
});
