import { beforeEach, describe, expect, it, vi } from "vitest";
import fakeTurbine, { type FakeTurbine } from "../../../test/fakeTurbine.ts";
import conditionalValue from "./conditionalValue.ts";
import constant from "./constant.ts";
import cookie from "./cookie.ts";
import customCode from "./customCode.ts";
import deviceAttributes from "./deviceAttributes.ts";
import deviceType from "./deviceType.ts";
import domAttribute from "./domAttribute.ts";
import javascriptTools from "./javascriptTools.ts";
import javascriptVariable from "./javascriptVariable.ts";
import localStorage_ from "./localStorage.ts";
import mergedObjects from "./mergedObjects.ts";
import pageInfo from "./pageInfo.ts";
import queryStringParameter from "./queryStringParameter.ts";
import randomNumber from "./randomNumber.ts";
import runtimeEnvironment from "./runtimeEnvironment.ts";
import screenOrientation from "./screenOrientation.ts";
import sessionStorage_ from "./sessionStorage.ts";

let turbine: FakeTurbine;
beforeEach(() => {
  turbine = fakeTurbine();
  history.replaceState(null, "", "/");
});

describe("javascriptVariable", () => {
  it("reads a window dot path", () => {
    Object.assign(window, { pageData: { siteInfo: { country: "us" } } });
    expect(javascriptVariable({ path: "pageData.siteInfo.country" })).toBe("us");
    expect(javascriptVariable({ path: "pageData.nope.x" })).toBeUndefined();
    expect(() => javascriptVariable({})).toThrow("settings.path");
  });
});

describe("cookie", () => {
  it("returns what @adobe/reactor-cookie gives for the name, or undefined", () => {
    turbine = fakeTurbine({ cookies: { aal: "a=b" } });
    expect(cookie({ name: "aal" })).toBe("a=b");
    expect(cookie({ name: "aal1" })).toBeUndefined();
    expect(() => cookie({})).toThrow("settings.name");
  });
});

describe("queryStringParameter", () => {
  it("reads a parameter, optionally ignoring the name's case", () => {
    history.replaceState(null, "", "/?CMPID=spring&q=a+b");
    expect(queryStringParameter({ name: "q" })).toBe("a b");
    expect(queryStringParameter({ name: "cmpid" })).toBeUndefined();
    expect(queryStringParameter({ name: "cmpid", caseInsensitive: true })).toBe("spring");
  });
});

describe("pageInfo", () => {
  it("reads location, referrer and title", () => {
    history.replaceState(null, "", "/auto/quote?x=1");
    document.title = "Auto quote";
    expect(pageInfo({ attribute: "url" })).toBe("http://localhost:3000/auto/quote?x=1");
    expect(pageInfo({ attribute: "pathname" })).toBe("/auto/quote");
    expect(pageInfo({ attribute: "hostname" })).toBe("localhost");
    expect(pageInfo({ attribute: "protocol" })).toBe("http:");
    expect(pageInfo({ attribute: "title" })).toBe("Auto quote");
    expect(pageInfo({ attribute: "referrer" })).toBe("");
    expect(() => pageInfo({ attribute: "port" })).toThrow("settings.attribute must be one of");
  });
});

describe("domAttribute", () => {
  it("reads text, a property or an attribute of the first match", () => {
    document.body.innerHTML = `<span id="totalCount" data-n="12">12 results</span><span id="x">2</span>`;
    expect(domAttribute({ elementSelector: "span", elementProperty: "text" })).toBe("12 results");
    expect(domAttribute({ elementSelector: "span", elementProperty: "id" })).toBe("totalCount");
    expect(domAttribute({ elementSelector: "span", elementProperty: "data-n" })).toBe("12");
    expect(domAttribute({ elementSelector: "#none", elementProperty: "id" })).toBeUndefined();
    expect(domAttribute({ elementSelector: "[", elementProperty: "id" })).toBeUndefined();
    expect(turbine.logs).toEqual([["warn", "Matching element failed. [ is not a valid selector."]]);
  });
});

describe("customCode", () => {
  it("returns source(event)", () => {
    expect(customCode({ source: (e: { a: number }) => e.a + 1 }, { a: 1 })).toBe(2);
    expect(() => customCode({ source: "1" }, {})).toThrow("settings.source");
  });
});

describe("constant", () => {
  it("returns the value", () => expect(constant({ value: "devsuite" })).toBe("devsuite"));
});

describe("localStorage, sessionStorage", () => {
  it("read items; null when missing or blocked", () => {
    window.localStorage.setItem("k", "v1");
    window.sessionStorage.setItem("k", "v2");
    expect(localStorage_({ name: "k" })).toBe("v1");
    expect(sessionStorage_({ name: "k" })).toBe("v2");
    expect(localStorage_({ name: "missing" })).toBeNull();
    const spy = vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("SecurityError");
    });
    expect(sessionStorage_({ name: "k" })).toBeNull();
    spy.mockRestore();
  });
});

describe("randomNumber", () => {
  it("stays within [min, max]; NaN when min > max", () => {
    for (let i = 0; i < 200; i++) {
      const n = randomNumber({ min: 3, max: 5 });
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    }
    expect(randomNumber({ min: 5, max: 4 })).toBeNaN();
  });
});

describe("deviceAttributes", () => {
  it("formats W x H", () => {
    expect(deviceAttributes({ attribute: "screenSize" })).toBe(`${screen.width}x${screen.height}`);
    expect(deviceAttributes({ attribute: "windowSize" })).toMatch(/^\d+x\d+$/);
    expect(() => deviceAttributes({ attribute: "dpi" })).toThrow("settings.attribute");
  });
});

describe("runtimeEnvironment", () => {
  it("reads _satellite, buildInfo and the event", () => {
    Object.assign(window, {
      _satellite: { environment: { stage: "production" }, property: { name: "P&C", id: "PR1" } },
    });
    const event = {
      $rule: { id: "RL1", name: "Quote" },
      $type: "core.direct-call",
      detail: { a: 1 },
      identifier: "quote",
    };
    const read = (attribute: string) => runtimeEnvironment({ attribute }, event);
    expect(
      [
        "environmentStage",
        "buildDate",
        "propertyName",
        "propertyId",
        "ruleName",
        "ruleId",
        "eventType",
        "eventDetail",
        "DCRIdentifier",
      ].map(read),
    ).toEqual([
      "production",
      "2025-03-26T00:00:00Z",
      "P&C",
      "PR1",
      "Quote",
      "RL1",
      "core.direct-call",
      { a: 1 },
      "quote",
    ]);
  });
});

describe("mergedObjects", () => {
  it("deep-merges: arrays concatenate, undefined never overwrites", () => {
    const a = { page: { name: "home", tags: ["a"] }, keep: 1 };
    const b = { page: { name: undefined, tags: ["b"], type: "landing" }, keep: 2 };
    expect(mergedObjects({ objects: [a, b, "not an object"] })).toEqual({
      page: { name: "home", tags: ["a", "b"], type: "landing" },
      keep: 2,
    });
    expect(a.page.tags).toEqual(["a"]);
    expect(() => mergedObjects({})).toThrow("settings.objects");
  });
});

describe("conditionalValue", () => {
  it("returns conditionalValue or fallbackValue", () => {
    const settings = {
      leftOperand: "page-not-found",
      comparison: { operator: "contains" as const, caseInsensitive: true },
      rightOperand: "NOT-FOUND",
      conditionalValue: "event17",
      fallbackValue: "",
    };
    expect(conditionalValue(settings)).toBe("event17");
    expect(conditionalValue({ ...settings, leftOperand: "home" })).toBe("");
  });
});

describe("javascriptTools", () => {
  it.each([
    [
      { operator: "simpleReplace", sourceValue: "a-b-c", searchValue: "-", replacementValue: ":" },
      "a:b-c",
    ],
    [
      {
        operator: "simpleReplace",
        sourceValue: "a-b-c",
        searchValue: "-",
        replacementValue: ":",
        replaceAll: true,
      },
      "a:b:c",
    ],
    [
      {
        operator: "regexReplace",
        sourceValue: "A1a2",
        regexInput: "a",
        caseInsensitive: true,
        replaceAll: true,
        replacementValue: "",
      },
      "12",
    ],
    [{ operator: "substring", sourceValue: "insurance", start: 2, end: 5 }, "sur"],
    [{ operator: "slice", sourceValue: "insurance", start: -4 }, "ance"],
    [
      { operator: "regexMatch", sourceValue: "/files/guide.pdf", regexInput: "[^/]+$" },
      "guide.pdf",
    ],
    [{ operator: "length", sourceValue: "abc" }, 3],
    [{ operator: "length", sourceValue: [1, 2] }, 2],
    [{ operator: "indexOf", sourceValue: "a/b/c", searchValue: "/" }, 1],
    [{ operator: "lastIndexOf", sourceValue: "a/b/c", searchValue: "/" }, 3],
    [{ operator: "join", sourceValue: ["a", "b"], delimiter: ":" }, "a:b"],
    [
      { operator: "split", sourceValue: "/pcg/auto/quote", delimiter: "/" },
      ["", "pcg", "auto", "quote"],
    ],
    [{ operator: "arrayPop", sourceValue: [1, 2, 3] }, 3],
    [{ operator: "arrayShift", sourceValue: [1, 2, 3] }, 1],
  ])("%o → %o", (settings, expected) => {
    expect(javascriptTools(settings)).toEqual(expected);
  });
  it("regexMatch without a match throws (as in Launch); unknown operators are named", () => {
    expect(() =>
      javascriptTools({ operator: "regexMatch", sourceValue: "x", regexInput: "y" }),
    ).toThrow();
    expect(() => javascriptTools({ operator: "reverse" })).toThrow(
      "settings.operator must be one of",
    );
  });
});

describe("deviceType", () => {
  it.each([
    [375, "mobile"],
    [767, "mobile"],
    [768, "tablet"],
    [1023, "tablet"],
    [1024, "desktop"],
    [1920, "desktop"],
  ])("screen width %i → %s (spec §4)", (width, expected) => {
    const spy = vi.spyOn(screen, "width", "get").mockReturnValue(width);
    expect(deviceType()).toBe(expected);
    spy.mockRestore();
  });
});

describe("screenOrientation", () => {
  it("uses screen.orientation, else the window's shape", () => {
    Object.defineProperty(screen, "orientation", {
      configurable: true,
      value: { type: "portrait-primary" },
    });
    expect(screenOrientation()).toBe("portrait");
    Object.defineProperty(screen, "orientation", { configurable: true, value: undefined });
    vi.spyOn(window, "innerWidth", "get").mockReturnValue(800);
    vi.spyOn(window, "innerHeight", "get").mockReturnValue(600);
    expect(screenOrientation()).toBe("landscape");
    vi.restoreAllMocks();
  });
});
