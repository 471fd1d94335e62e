import { describe, expect, it } from "vitest";
import { applyToken, matchTokens, tokenQueryAt } from "./tokens.ts";

describe("tokenQueryAt", () => {
  it("finds an open % before the caret", () => {
    expect(tokenQueryAt("Hello %pag", 10)).toEqual({ start: 6, text: "pag" });
    expect(tokenQueryAt("%", 1)).toEqual({ start: 0, text: "" });
  });

  it("ignores a % that closes a finished token", () => {
    expect(tokenQueryAt("%page name% and", 15)).toBeNull();
    expect(tokenQueryAt("%page name%", 11)).toBeNull();
  });

  it("opens again after a finished token", () => {
    expect(tokenQueryAt("%a% %b", 6)).toEqual({ start: 4, text: "b" });
  });

  it("does not cross lines", () => {
    expect(tokenQueryAt("%a\nb", 4)).toBeNull();
  });
});

describe("matchTokens", () => {
  const names = ["page name", "Page Type", "site section", "homepage flag"];

  it("puts prefix matches before inner matches, case-insensitively", () => {
    expect(matchTokens(names, "page")).toEqual(["page name", "Page Type", "homepage flag"]);
  });

  it("limits the list", () => {
    expect(matchTokens(names, "", 2)).toEqual(["page name", "Page Type"]);
  });
});

describe("applyToken", () => {
  it("replaces the typed query with the full token and moves the caret after it", () => {
    const value = "Title: %pa - end";
    const query = tokenQueryAt(value, 10)!;
    expect(applyToken(value, 10, query, "page name")).toEqual({
      value: "Title: %page name% - end",
      caret: 18,
    });
  });
});
