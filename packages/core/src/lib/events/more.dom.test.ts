import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fakeTurbine, { type FakeTurbine } from "../../../test/fakeTurbine.ts";
import type { SyntheticEvent, Trigger } from "../types.ts";

type Register = (settings: object, trigger: Trigger) => void;
let turbine: FakeTurbine;
let fired: SyntheticEvent[];
let trigger: Trigger;
const data: Record<string, unknown> = {};

async function fresh(file: string): Promise<Register> {
  vi.resetModules();
  (await import("../env.ts")).inject(turbine);
  return ((await import(file)) as { default: Register }).default;
}

let hidden = false;
beforeEach(() => {
  turbine = fakeTurbine({ dataElements: data });
  const mine: SyntheticEvent[] = (fired = []);
  trigger = (e) => void mine.push(e ?? {});
  vi.useFakeTimers();
  hidden = false;
  vi.spyOn(document, "hidden", "get").mockImplementation(() => hidden);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("tabBlur, tabFocus", () => {
  it("fire on visibilitychange to hidden and back", async () => {
    const tabBlur = await fresh("./tabBlur.ts");
    const tabFocus = (await import("./tabFocus.ts")).default as Register;
    const seen: string[] = [];
    tabBlur({}, () => seen.push("blur"));
    tabFocus({}, () => seen.push("focus"));
    hidden = true;
    document.dispatchEvent(new Event("visibilitychange"));
    hidden = false;
    document.dispatchEvent(new Event("visibilitychange"));
    expect(seen).toEqual(["blur", "focus"]);
  });
});

describe("orientationChange", () => {
  it("fires on the window's orientationchange", async () => {
    const orientationChange = await fresh("./orientationChange.ts");
    orientationChange({}, trigger);
    window.dispatchEvent(new Event("orientationchange"));
    expect(fired).toHaveLength(1);
  });
});

describe("timeOnPage", () => {
  it("counts visible seconds only and fires once per rule", async () => {
    const timeOnPage = await fresh("./timeOnPage.ts");
    timeOnPage({ timeOnPage: 3 }, trigger);
    vi.advanceTimersByTime(2000);
    hidden = true;
    vi.advanceTimersByTime(5000);
    expect(fired).toEqual([]);
    hidden = false;
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([{ timeOnPage: 3 }]);
    vi.advanceTimersByTime(10_000);
    expect(fired).toHaveLength(1);
    expect(() => timeOnPage({ timeOnPage: 0 }, trigger)).toThrow("settings.timeOnPage");
  });
});

describe("dataElementChange", () => {
  it("polls every 1000 ms and fires when the JSON form changes", async () => {
    const dataElementChange = await fresh("./dataElementChange.ts");
    data.cart = { items: 1 };
    dataElementChange({ name: "cart" }, trigger);
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([]);
    data.cart = { items: 2 };
    vi.advanceTimersByTime(999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([{ dataElementName: "cart" }]);
    vi.advanceTimersByTime(5000);
    expect(fired).toHaveLength(1);
  });
});

describe("elementExists", () => {
  it("fires once for the first match, checking at once and every 3000 ms", async () => {
    const elementExists = await fresh("./elementExists.ts");
    document.body.innerHTML = "";
    elementExists(
      { elementSelector: ".cta", elementProperties: [{ name: "@text", value: "Buy" }] },
      trigger,
    );
    vi.advanceTimersByTime(0);
    document.body.innerHTML = `<p class="cta">No</p><p class="cta" id="buy">Buy</p>`;
    vi.advanceTimersByTime(2999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired.map((e) => (e.element as Element).id)).toEqual(["buy"]);
    vi.advanceTimersByTime(9000);
    expect(fired).toHaveLength(1);
    elementExists({ elementSelector: "p[" }, trigger);
    vi.advanceTimersByTime(0);
    expect(turbine.logs).toContainEqual([
      "warn",
      "Matching element failed. p[ is not a valid selector.",
    ]);
  });
});
