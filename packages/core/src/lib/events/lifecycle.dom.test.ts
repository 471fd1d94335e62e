import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fakeTurbine from "../../../test/fakeTurbine.ts";
import type { Trigger } from "../types.ts";

// Each test loads fresh module instances: the lifecycle state is per page.
async function load() {
  vi.resetModules();
  return {
    libraryLoaded: (await import("./libraryLoaded.ts")).default,
    pageBottom: (await import("./pageBottom.ts")).default,
    domReady: (await import("./domReady.ts")).default,
    windowLoaded: (await import("./windowLoaded.ts")).default,
  };
}

const satellite = () => (window as unknown as { _satellite: { pageBottom(): void } })._satellite;

beforeEach(() => {
  fakeTurbine();
  vi.useFakeTimers();
  (window as unknown as { _satellite: object })._satellite = {};
});
afterEach(() => vi.useRealTimers());

describe("libraryLoaded, pageBottom, domReady, windowLoaded", () => {
  it("fire in strict stage order, each once; reaching a later stage flushes earlier ones", async () => {
    const events = await load();
    const order: string[] = [];
    const rec =
      (name: string): Trigger =>
      (e) =>
        order.push(`${name}:${(e?.element as { nodeType?: number })?.nodeType ?? "window"}`);
    events.windowLoaded({}, rec("windowLoaded"));
    events.domReady({}, rec("domReady"));
    events.pageBottom({}, rec("pageBottom"));
    events.libraryLoaded({}, rec("libraryLoaded"));
    expect(order).toEqual(["libraryLoaded:window"]);
    // jsdom's document is already complete: the 0 ms readyState check reaches Window Loaded.
    vi.runAllTimers();
    expect(order).toEqual([
      "libraryLoaded:window",
      "pageBottom:window",
      "domReady:9",
      "windowLoaded:window",
    ]);
    satellite().pageBottom();
    window.dispatchEvent(new Event("load"));
    expect(order).toHaveLength(4);
  });

  it("_satellite.pageBottom() reaches Page Bottom before the browser's stages", async () => {
    const events = await load();
    const order: string[] = [];
    events.pageBottom({}, () => order.push("pageBottom"));
    events.domReady({}, () => order.push("domReady"));
    satellite().pageBottom();
    expect(order).toEqual(["pageBottom"]);
    document.dispatchEvent(new Event("DOMContentLoaded"));
    expect(order).toEqual(["pageBottom", "domReady"]);
  });

  it("a rule registered after its stage fires at once, with the native event", async () => {
    const events = await load();
    const load_ = new Event("load");
    window.dispatchEvent(load_);
    const seen: unknown[] = [];
    events.domReady({}, (e) => seen.push(["dom", e?.element === document]));
    events.windowLoaded({}, (e) => seen.push(["win", e?.element === window, e?.nativeEvent]));
    events.pageBottom({}, () => seen.push(["bottom"]));
    expect(seen).toEqual([["dom", true], ["win", true, load_], ["bottom"]]);
  });
});
