import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fakeTurbine, { type FakeTurbine } from "../../../test/fakeTurbine.ts";
import type { SyntheticEvent, Trigger } from "../types.ts";

type Register = (settings: object, trigger: Trigger) => void;
let turbine: FakeTurbine;
let fired: SyntheticEvent[];
let trigger: Trigger;

async function fresh(file: string): Promise<Register> {
  vi.resetModules();
  (await import("../env.ts")).inject(turbine);
  return ((await import(file)) as { default: Register }).default;
}

// jsdom has no IntersectionObserver: a stand-in the test drives by hand.
let report: (entries: { target: Element; isIntersecting: boolean }[]) => void;
const observedElements: Element[] = [];
class FakeObserver {
  constructor(cb: (entries: unknown[]) => void) {
    report = cb;
  }
  observe(element: Element) {
    observedElements.push(element);
  }
  disconnect() {}
}

beforeEach(() => {
  turbine = fakeTurbine();
  const mine: SyntheticEvent[] = (fired = []);
  trigger = (e) => void mine.push(e ?? {});
  vi.useFakeTimers();
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  observedElements.length = 0;
  document.body.innerHTML = "";
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("entersViewport", () => {
  it("fires on entry: firstEntry once, everyEntry each time, a delay needs the element to stay", async () => {
    const entersViewport = await fresh("./entersViewport.ts");
    document.body.innerHTML = `<section id="a" class="teaser"></section>`;
    const seen: string[] = [];
    entersViewport({ elementSelector: ".teaser" }, (e) =>
      seen.push(`first:${(e!.element as Element).id}`),
    );
    entersViewport({ elementSelector: ".teaser", frequency: "everyEntry" }, () =>
      seen.push("every"),
    );
    entersViewport({ elementSelector: ".teaser", delay: 500 }, () => seen.push("delayed"));
    const a = document.getElementById("a")!;
    expect(observedElements).toEqual([a]);
    report([{ target: a, isIntersecting: true }]);
    vi.advanceTimersByTime(200);
    report([{ target: a, isIntersecting: false }]);
    vi.advanceTimersByTime(400);
    report([{ target: a, isIntersecting: true }]);
    vi.advanceTimersByTime(500);
    expect(seen).toEqual(["first:a", "every", "every", "delayed"]);
  });

  it("rescans every 3000 ms for new elements; an invalid selector is logged", async () => {
    const entersViewport = await fresh("./entersViewport.ts");
    entersViewport({ elementSelector: ".late" }, trigger);
    document.body.innerHTML = `<p class="late"></p>`;
    expect(observedElements).toHaveLength(0);
    vi.advanceTimersByTime(3000);
    expect(observedElements).toHaveLength(1);
    entersViewport({ elementSelector: "p[" }, trigger);
    expect(turbine.logs).toContainEqual([
      "warn",
      "Matching element failed. p[ is not a valid selector.",
    ]);
  });
});

describe("hover", () => {
  it("fires after the delay unless the pointer leaves first", async () => {
    const hover = await fresh("./hover.ts");
    document.body.innerHTML = `<nav><a id="menu" class="menu">Menu</a></nav>`;
    const seen: unknown[] = [];
    hover({ elementSelector: ".menu" }, (e) => seen.push(["now", e!.delay]));
    hover({ elementSelector: ".menu", delay: 500 }, (e) => seen.push(["held", e!.delay]));
    const menu = document.getElementById("menu")!;
    menu.dispatchEvent(new MouseEvent("mouseenter"));
    vi.advanceTimersByTime(300);
    menu.dispatchEvent(new MouseEvent("mouseleave"));
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([["now", 0]]);
    menu.dispatchEvent(new MouseEvent("mouseenter"));
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([
      ["now", 0],
      ["now", 0],
      ["held", 500],
    ]);
    expect(() => hover({}, trigger)).toThrow("settings.elementSelector");
  });
});

describe("zoomChange", () => {
  it("reports a changed zoom 1000 ms after a pinch or a double tap", async () => {
    const zoomChange = await fresh("./zoomChange.ts");
    let inner = 1000;
    vi.spyOn(window, "innerWidth", "get").mockImplementation(() => inner);
    vi.spyOn(document.documentElement, "clientWidth", "get").mockReturnValue(1000);
    zoomChange({}, trigger);
    inner = 500;
    document.dispatchEvent(new Event("gestureend"));
    vi.advanceTimersByTime(999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([{ method: "pinch", zoom: "2.00" }]);
    document.dispatchEvent(new Event("gestureend"));
    vi.advanceTimersByTime(1000);
    expect(fired).toHaveLength(1);
    inner = 1000;
    document.dispatchEvent(new Event("touchend"));
    vi.advanceTimersByTime(100);
    document.dispatchEvent(new Event("touchend"));
    vi.advanceTimersByTime(1000);
    expect(fired[1]).toEqual({ method: "double tap", zoom: "1.00" });
  });
});
