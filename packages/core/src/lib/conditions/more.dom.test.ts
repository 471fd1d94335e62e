import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fakeTurbine from "../../../test/fakeTurbine.ts";
import dateRange from "./dateRange.ts";
import sampling from "./sampling.ts";
import screenResolution from "./screenResolution.ts";
import windowSize from "./windowSize.ts";

beforeEach(() => {
  fakeTurbine();
});
afterEach(() => vi.restoreAllMocks());

describe("dateRange", () => {
  it("passes within the range; open ends; bad dates are named", () => {
    const day = 86_400_000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    expect(dateRange({ start: iso(-day), end: iso(day) })).toBe(true);
    expect(dateRange({ start: iso(day) })).toBe(false);
    expect(dateRange({ end: iso(-day) })).toBe(false);
    expect(dateRange({})).toBe(true);
    expect(() => dateRange({ start: "tomorrow" })).toThrow(
      "settings.start must be an ISO date-time.",
    );
  });
});

describe("screenResolution, windowSize", () => {
  it("compare width and height with >, = and <", () => {
    vi.spyOn(screen, "width", "get").mockReturnValue(1280);
    vi.spyOn(screen, "height", "get").mockReturnValue(800);
    const s = { widthOperator: ">", width: 1024, heightOperator: "=", height: 800 } as const;
    expect(screenResolution(s)).toBe(true);
    expect(screenResolution({ ...s, heightOperator: "<" })).toBe(false);
    vi.spyOn(document.documentElement, "clientWidth", "get").mockReturnValue(700);
    vi.spyOn(document.documentElement, "clientHeight", "get").mockReturnValue(500);
    expect(windowSize({ widthOperator: "<", width: 768, heightOperator: ">", height: 0 })).toBe(
      true,
    );
    expect(() => windowSize({ width: 1, heightOperator: ">", height: 1 })).toThrow(
      "settings.widthOperator",
    );
  });
});

describe("sampling", () => {
  it("passes for the rate's share; a persisted cohort keeps its first draw", () => {
    const random = vi.spyOn(Math, "random").mockReturnValue(0.3);
    const event = { $rule: { id: "RL1", name: "r" } };
    expect(sampling({ rate: 0.5 }, event)).toBe(true);
    expect(sampling({ rate: 0.2 }, event)).toBe(false);
    expect(sampling({ rate: 0.5, persistCohort: true }, event)).toBe(true);
    expect(localStorage.getItem("com.adobe.reactor.core.sampling.cohorts.RL1.0.5")).toBe("true");
    random.mockReturnValue(0.9);
    expect(sampling({ rate: 0.5, persistCohort: true }, event)).toBe(true);
    expect(sampling({ rate: 0.5 }, event)).toBe(false);
    expect(() => sampling({ rate: 2 }, event)).toThrow("settings.rate");
  });
});
