import { describe, expect, it } from "vitest";
import { resolveRelativePath } from "../createPublicRequire.ts";
import { normalizeError } from "../rules/componentError.ts";
import queryString from "./queryString.ts";

describe("reactor helpers", () => {
  it("query-string parses repeated keys and stringifies with %20", () => {
    expect(queryString.parse("?a=1&b=2&b=3&&c=")).toEqual({ a: "1", b: ["2", "3"], c: "" });
    expect(queryString.parse(undefined)).toEqual({});
    expect(queryString.stringify({ x: "1 2", y: ["a", "b"], z: { o: 1 }, plus: "a+b" })).toBe(
      "x=1%202&y=a&y=b&z=&plus=a%2Bb",
    );
  });

  it("resolves relative module paths", () => {
    expect(resolveRelativePath("core/src/lib/events/click.js", "./helpers/createBubbly")).toBe(
      "core/src/lib/events/helpers/createBubbly.js",
    );
    expect(resolveRelativePath("core/src/lib/events/click.js", "../helpers/x.js")).toBe(
      "core/src/lib/helpers/x.js",
    );
  });

  it("normalises whatever a component rejects with", () => {
    expect(normalizeError(undefined).message).toBe(
      "The extension triggered an error, but no error information was provided.",
    );
    expect(normalizeError({ code: 42 }).message).toBe('{"code":42}');
    expect(normalizeError("text").message).toBe("text");
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(normalizeError(circular).message).toBe("[object Object]");
    const e = new Error("same");
    expect(normalizeError(e)).toBe(e);
  });
});
