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
