import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fakeTurbine from "../../../test/fakeTurbine.ts";

type Condition = (settings: object, event?: object) => boolean;
const ns = "com.adobe.reactor.core.visitorTracking.";

/** A page view: fresh modules, so visitor tracking counts once more. */
async function pageView<T = Condition>(file: string): Promise<T> {
  vi.resetModules();
  (await import("../env.ts")).inject(fakeTurbine());
  return ((await import(file)) as { default: T }).default;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, "", "/landing?cmpid=1");
});
afterEach(() => vi.restoreAllMocks());

describe("newReturningVisitor, sessions, pageViews", () => {
  it("count sessions and page views under Core's storage keys", async () => {
    let isNew = await pageView("./newReturningVisitor.ts");
    expect(isNew({ isNewVisitor: true })).toBe(true);
    expect(localStorage.getItem(`${ns}sessionCount`)).toBe("1");
    expect(sessionStorage.getItem(`${ns}landingPage`)).toBe(
      "http://localhost:3000/landing?cmpid=1",
    );
    const views = await pageView("./pageViews.ts");
    expect(views({ operator: "=", count: 2, duration: "session" })).toBe(true);
    expect(views({ operator: ">", count: 1, duration: "lifetime" })).toBe(true);
    sessionStorage.clear(); // a new session
    isNew = await pageView("./newReturningVisitor.ts");
    expect(isNew({ isNewVisitor: false })).toBe(true);
    const sessions = await pageView("./sessions.ts");
    expect(sessions({ operator: "=", count: 2 })).toBe(true);
    expect(sessions({ operator: "<", count: 2 })).toBe(false);
    expect(() => sessions({ operator: "~", count: 2 })).toThrow("settings.operator");
    expect(() => sessions({ operator: ">" })).toThrow("settings.count must be a number.");
  });
});

describe("landingPage, trafficSource, timeOnSite", () => {
  it("read the session's first page, referrer and landing time", async () => {
    vi.spyOn(document, "referrer", "get").mockReturnValue("https://search.example/?q=insurance");
    const landing = await pageView("./landingPage.ts");
    history.replaceState(null, "", "/second");
    expect(landing({ landingPages: [{ value: "/LANDING", pageIsRegex: true }] })).toBe(true);
    expect(landing({ landingPages: [{ value: "/second" }] })).toBe(false);
    expect(() => landing({})).toThrow("Illegal Argument");
    const source = await pageView("./trafficSource.ts");
    expect(source({ trafficSources: [{ value: "search\\.example", sourceIsRegex: true }] })).toBe(
      true,
    );
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 5 * 60_000);
    const time = await pageView("./timeOnSite.ts");
    expect(time({ operator: ">", minutes: 4 })).toBe(true);
    expect(() => time({ operator: ">" })).toThrow("settings.minutes must be a number.");
  });
});

describe("browser, operatingSystem, deviceType", () => {
  const agents = {
    chromeMac:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
    edgeWin:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
    iphone:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    android:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
    firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  };
  it.each([
    ["chromeMac", "Chrome", "MacOS", "Desktop"],
    ["edgeWin", "Edge", "Windows", "Desktop"],
    ["iphone", "Mobile Safari", "iOS", "iPhone"],
    ["android", "Chrome", "Android", "Android"],
    ["firefoxLinux", "Firefox", "Linux", "Desktop"],
  ] as const)("%s → %s, %s, %s", async (agent, browserName, os, device) => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(agents[agent]);
    const browser = await pageView("./browser.ts");
    const operatingSystem = await pageView("./operatingSystem.ts");
    const deviceType = await pageView("./deviceType.ts");
    expect(browser({ browsers: [browserName] })).toBe(true);
    expect(browser({ browsers: ["IE"] })).toBe(false);
    expect(operatingSystem({ operatingSystems: [os] })).toBe(true);
    expect(deviceType({ deviceTypes: [device] })).toBe(true);
    expect(() => browser({})).toThrow("settings.browsers must be an array.");
  });
});

describe("maxFrequency", () => {
  it("passes count times per unit, per rule; visitor means once ever", async () => {
    const max = await pageView("./maxFrequency.ts");
    const rule = (id: string) => ({ $rule: { id, name: id } });
    expect([1, 2, 3].map(() => max({ count: 2, unit: "pageView" }, rule("A")))).toEqual([
      true,
      true,
      false,
    ]);
    expect(max({ count: 2, unit: "pageView" }, rule("B"))).toBe(true);
    expect(max({ unit: "visitor" }, rule("A"))).toBe(true);
    expect(max({ unit: "visitor" }, rule("A"))).toBe(false);
    expect(localStorage.getItem("com.adobe.reactor.core.maxFrequency.A.visitor")).toContain(
      '"n":1',
    );
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now);
    expect(max({ count: 1, unit: "minute" }, rule("A"))).toBe(true);
    expect(max({ count: 1, unit: "minute" }, rule("A"))).toBe(false);
    clock.mockReturnValue(now + 60_000);
    expect(max({ count: 1, unit: "minute" }, rule("A"))).toBe(true);
    expect(() => max({ count: 1, unit: "year" }, rule("A"))).toThrow("settings.unit");
    expect(() => max({ count: 0, unit: "day" }, rule("A"))).toThrow("settings.count");
  });
});
