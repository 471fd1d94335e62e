import { describe, expect, it, vi } from "vitest";
import fakeTurbine from "../../../test/fakeTurbine.ts";

describe("visitorBehavior", () => {
  it("reads the visitor-tracking figures", async () => {
    localStorage.clear();
    sessionStorage.clear();
    history.replaceState(null, "", "/first");
    vi.resetModules();
    (await import("../env.ts")).inject(fakeTurbine());
    const read = (await import("./visitorBehavior.ts")).default;
    const get = (attribute: string) => read({ attribute });
    expect(get("landingPage")).toBe("http://localhost:3000/first");
    expect(get("trafficSource")).toBe("");
    expect(get("minutesOnSite")).toBe(0);
    expect(get("sessionCount")).toBe(1);
    expect(get("sessionPageViewCount")).toBe(1);
    expect(get("lifetimePageViewCount")).toBe(1);
    expect(get("isNewVisitor")).toBe(true);
    expect(() => get("age")).toThrow("settings.attribute must be one of");
  });
});
