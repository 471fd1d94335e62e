import { describe, expect, it } from "vitest";
import createEmbedCode from "./createEmbedCode.ts";

describe("createEmbedCode", () => {
  it("writes an async script tag", () => {
    expect(createEmbedCode("https://tags.example.com/libs/PR1/EN2/launch.min.js")).toBe(
      '<script src="https://tags.example.com/libs/PR1/EN2/launch.min.js" async></script>',
    );
  });

  it("escapes attribute characters", () => {
    expect(createEmbedCode('https://x.test/l.js?a=1&b="2"')).toBe(
      '<script src="https://x.test/l.js?a=1&amp;b=%222%22" async></script>',
    );
  });

  it("names the field on bad input", () => {
    expect(() => createEmbedCode("launch.js")).toThrow("libraryUrl: expected an absolute URL");
    expect(() => createEmbedCode("javascript:alert(1)")).toThrow(
      "libraryUrl: expected an http(s) URL",
    );
  });
});
