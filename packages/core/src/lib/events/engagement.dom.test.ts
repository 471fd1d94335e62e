import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fakeTurbine, { type FakeTurbine } from "../../../test/fakeTurbine.ts";
import type { SyntheticEvent } from "../types.ts";
import elementAwait from "./elementAwait.ts";
import scrollDepth from "./scrollDepth.ts";
import timeAndScroll from "./timeAndScroll.ts";

let turbine: FakeTurbine;
let fired: SyntheticEvent[];
const trigger = (e?: SyntheticEvent) => void fired.push(e ?? {});
let scrollY = 0;
let pageHeight = 4000;

function scrollTo(y: number) {
  scrollY = y;
  window.dispatchEvent(new Event("scroll"));
}

beforeEach(() => {
  turbine = fakeTurbine();
  fired = [];
  vi.useFakeTimers();
  scrollY = 0;
  pageHeight = 4000;
  vi.spyOn(window, "scrollY", "get").mockImplementation(() => scrollY);
  vi.spyOn(window, "innerHeight", "get").mockReturnValue(1000);
  vi.spyOn(document.documentElement, "scrollHeight", "get").mockImplementation(() => pageHeight);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("scrollDepth", () => {
  it("fires each threshold once, after the initial delay, measuring after the scroll rests", () => {
    scrollDepth({}, trigger);
    vi.advanceTimersByTime(99);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    // 1000 of 4000 px seen: 25 %.
    expect(fired.map((e) => e.threshold)).toEqual([25]);
    scrollTo(1000);
    vi.advanceTimersByTime(9);
    expect(fired).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(fired.map((e) => e.threshold)).toEqual([25, 50]);
    scrollTo(0);
    scrollTo(3000);
    vi.advanceTimersByTime(10);
    scrollTo(3000);
    vi.advanceTimersByTime(10);
    expect(fired.map((e) => e.threshold)).toEqual([25, 50, 75, 100]);
  });

  it("fires every threshold on a page shorter than the window", () => {
    pageHeight = 800;
    scrollDepth({ thresholds: [25, 50, 75, 100], initialDelay: 100 }, trigger);
    vi.advanceTimersByTime(100);
    expect(fired.map((e) => e.threshold)).toEqual([25, 50, 75, 100]);
  });

  it("rules are independent: another rule's thresholds fire by themselves", () => {
    scrollDepth({ thresholds: [75] }, trigger);
    vi.advanceTimersByTime(100);
    scrollTo(2000);
    vi.advanceTimersByTime(10);
    expect(fired.map((e) => e.threshold)).toEqual([75]);
    expect(() => scrollDepth({ thresholds: [120] }, trigger)).toThrow("settings.thresholds");
  });
});

describe("timeAndScroll", () => {
  it("fires once, only when both the depth and the time are reached (defaults 50 %, 30 s)", () => {
    timeAndScroll({}, trigger);
    vi.advanceTimersByTime(100);
    scrollTo(1500);
    vi.advanceTimersByTime(20_000);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(fired).toEqual([{ scrollDepth: 62.5, seconds: 30 }]);
    scrollTo(3000);
    vi.advanceTimersByTime(60_000);
    expect(fired).toHaveLength(1);
  });

  it("time first, then scroll", () => {
    timeAndScroll({ scrollDepth: 75, seconds: 5 }, trigger);
    vi.advanceTimersByTime(6000);
    expect(fired).toEqual([]);
    scrollTo(2000);
    expect(fired).toHaveLength(1);
    expect(() => timeAndScroll({ seconds: -1 }, trigger)).toThrow("settings.seconds");
  });
});

describe("elementAwait", () => {
  it("fires when the element appears (MutationObserver), once", async () => {
    document.body.innerHTML = "";
    elementAwait({ elementSelector: "#totalCount" }, trigger);
    const el = document.createElement("span");
    el.id = "totalCount";
    document.body.appendChild(el);
    await vi.advanceTimersByTimeAsync(0);
    expect(fired).toEqual([{ element: el, target: el }]);
    document.body.appendChild(el.cloneNode());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fired).toHaveLength(1);
  });

  it("gives up after the timeout (5000 ms) with a log line; an existing element fires at once", async () => {
    document.body.innerHTML = "<p id='here'></p>";
    elementAwait({ elementSelector: "#never" }, trigger);
    elementAwait({ elementSelector: "#here" }, trigger);
    await vi.advanceTimersByTimeAsync(4999);
    expect(fired).toHaveLength(1);
    expect(turbine.logs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(turbine.logs).toEqual([["log", "No element matched #never within 5000 ms."]]);
  });

  it("polls every 100 ms where MutationObserver is missing; an invalid selector is logged", async () => {
    vi.stubGlobal("MutationObserver", undefined);
    document.body.innerHTML = "";
    elementAwait({ elementSelector: ".late" }, trigger);
    setTimeout(
      () =>
        document.body.appendChild(
          Object.assign(document.createElement("b"), { className: "late" }),
        ),
      250,
    );
    await vi.advanceTimersByTimeAsync(299);
    expect(fired).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toHaveLength(1);
    vi.unstubAllGlobals();
    elementAwait({ elementSelector: "[" }, trigger);
    await vi.advanceTimersByTimeAsync(0);
    expect(turbine.logs).toContainEqual([
      "warn",
      "Matching element failed. [ is not a valid selector.",
    ]);
    expect(() => elementAwait({ elementSelector: "" }, trigger)).toThrow(
      "settings.elementSelector",
    );
  });
});
