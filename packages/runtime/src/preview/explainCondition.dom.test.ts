import { beforeEach, describe, expect, it } from "vitest";
import explainCondition, { OPERATOR_WORDS } from "./explainCondition.ts";

const core = (name: string) => `core/src/lib/conditions/${name}.js`;
const explain = (name: string, settings: object, ruleId = "RL1") =>
  explainCondition(core(name), settings, ruleId);
const VISITOR = "com.adobe.reactor.core.visitorTracking.";

beforeEach(() => {
  history.replaceState(null, "", "/pcg/auto/quote?cmpid=spring#step2");
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = "visitor_type=returning";
});

describe("explainCondition", () => {
  it("explains the URL conditions with the values their modules read", () => {
    expect(explain("path", { paths: [{ value: "^/pcg/auto", valueIsRegex: true }] })).toEqual({
      left: "/pcg/auto/quote",
      operator: "matches regex",
      right: "^/pcg/auto",
    });
    expect(
      explain("pathAndQuerystring", {
        paths: [{ value: "/a" }, { value: "b$", valueIsRegex: true }],
      }),
    ).toEqual({
      left: "/pcg/auto/quote?cmpid=spring",
      operator: "matches one of",
      right: ["/a", "regex b$"],
    });
    expect(explain("queryStringParameter", { name: "cmpid", value: "spring" })).toEqual({
      left: "spring",
      operator: "equals",
      right: "spring",
    });
    expect(explain("hash", { hashes: [{ value: "#step2" }] })).toMatchObject({ left: "#step2" });
    expect(explain("domain", { domains: ["localhost"] })).toEqual({
      left: "localhost",
      operator: "is or is under one of",
      right: ["localhost"],
    });
    expect(explain("subdomain", { subdomains: [{ value: "localhost" }] })).toMatchObject({
      left: "localhost",
      operator: "equals",
    });
    expect(explain("protocol", { protocol: "https:" })).toEqual({
      left: "http:",
      operator: "equals (ignoring case)",
      right: "https:",
    });
  });

  it("explains every value-comparison operator in words", () => {
    expect(Object.keys(OPERATOR_WORDS)).toHaveLength(18);
    expect(
      explain("valueComparison", {
        leftOperand: "Gold",
        comparison: { operator: "startsWith", caseInsensitive: true },
        rightOperand: "go",
      }),
    ).toEqual({ left: "Gold", operator: "starts with (ignoring case)", right: "go" });
    expect(
      explain("valueComparison", {
        leftOperand: 3,
        comparison: { operator: "greaterThanOrEqual" },
        rightOperand: "2",
      }),
    ).toEqual({ left: 3, operator: "greater than or equal to", right: "2" });
    expect(
      explain("valueComparison", { leftOperand: "", comparison: { operator: "isFalsy" } }),
    ).toEqual({ left: "", operator: "is falsy", right: undefined });
  });

  it("explains cookie, variable and client conditions", () => {
    expect(explain("cookie", { name: "visitor_type", value: "new" })).toEqual({
      left: "returning",
      operator: "equals",
      right: "new",
    });
    (window as { digitalData?: unknown }).digitalData = { page: { type: "quote" } };
    expect(
      explain("variable", { name: "digitalData.page.type", value: "quo", valueIsRegex: true }),
    ).toEqual({ left: "quote", operator: "matches regex", right: "quo" });
    // jsdom's user agent names no known browser; Desktop is the device catch-all.
    expect(explain("deviceType", { deviceTypes: ["iPhone"] })).toEqual({
      left: "Desktop",
      operator: "is one of",
      right: ["iPhone"],
    });
    expect(
      explain("windowSize", { widthOperator: ">", width: 600, heightOperator: "<", height: 2000 }),
    ).toEqual({
      left: `${document.documentElement.clientWidth} × ${document.documentElement.clientHeight}`,
      operator: "width greater than, height less than",
      right: "600 × 2000",
    });
  });

  it("explains the visitor conditions from Core's visitor-tracking storage", () => {
    sessionStorage.setItem(`${VISITOR}pagesViewed`, "3");
    sessionStorage.setItem(`${VISITOR}landingPage`, "https://site.test/landing");
    sessionStorage.setItem(`${VISITOR}landingTime`, String(Date.now() - 5 * 60000 - 1000));
    localStorage.setItem(`${VISITOR}sessionCount`, "2");
    localStorage.setItem(`${VISITOR}pagesViewed`, "9");
    expect(explain("pageViews", { operator: ">", count: 2 })).toEqual({
      left: 3,
      operator: "greater than",
      right: 2,
    });
    expect(explain("pageViews", { operator: "=", count: 9, duration: "lifetime" })).toMatchObject({
      left: 9,
      operator: "equals",
    });
    expect(explain("sessions", { operator: "<", count: 5 })).toMatchObject({ left: 2 });
    expect(explain("timeOnSite", { operator: ">", minutes: 4 })).toEqual({
      left: 5,
      operator: "minutes greater than",
      right: 4,
    });
    expect(explain("newReturningVisitor", { isNewVisitor: true })).toEqual({
      left: "returning visitor",
      operator: "is",
      right: "new visitor",
    });
    expect(
      explain("landingPage", { landingPages: [{ value: "landing$", pageIsRegex: true }] }),
    ).toEqual({ left: "https://site.test/landing", operator: "matches regex", right: "landing$" });
    expect(explain("sampling", { rate: 0.5 })).toEqual({
      left: "a random number in [0, 1)",
      operator: "less than",
      right: 0.5,
    });
  });

  it("gives nothing for conditions it cannot explain", () => {
    expect(explainCondition(core("customCode"), { source: "return true" }, "RL1")).toBeUndefined();
    expect(explainCondition("web-sdk/x.js", {}, "RL1")).toBeUndefined();
  });
});
