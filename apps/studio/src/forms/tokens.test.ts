import { describe, expect, it } from "vitest";
import { applyToken, BRACE_TOKENS, matchTokens, tokenQueryAt } from "./tokens.ts";

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

describe("{{name}} tokens (event forwarding properties)", () => {
  it("start a completion after an unclosed {{ and insert {{name}}", () => {
    const value = "Bearer {{acc";
    const query = tokenQueryAt(value, value.length, BRACE_TOKENS)!;
    expect(query).toEqual({ start: 7, text: "acc" });
    expect(applyToken(value, value.length, query, "access token", BRACE_TOKENS)).toEqual({
      value: "Bearer {{access token}}",
      caret: 23,
    });
  });

  it("offer nothing after a closed token, a single brace or a percent sign", () => {
    expect(tokenQueryAt("{{a}} and", 9, BRACE_TOKENS)).toBeNull();
    expect(tokenQueryAt("{a", 2, BRACE_TOKENS)).toBeNull();
    expect(tokenQueryAt("50%", 3, BRACE_TOKENS)).toBeNull();
  });

  it("name their data elements, and a whole token is told apart", () => {
    expect(BRACE_TOKENS.names("{{email}} at {{page url}}")).toEqual(["email", "page url"]);
    expect(BRACE_TOKENS.whole.test("{{custom data}}")).toBe(true);
    expect(BRACE_TOKENS.whole.test("{{a}} {{b}}")).toBe(false);
  });
});
