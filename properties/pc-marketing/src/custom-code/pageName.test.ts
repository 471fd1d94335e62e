import { describe, expect, it } from "vitest";
import pageName from "./pageName.ts";

describe("pageName", () => {
  it("joins the site name and path segments with colons", () => {
    expect(pageName("pc", "/pcg/contact-us")).toBe("pc:pcg:contact-us");
    expect(pageName("pc", "/pcg/contact-us/")).toBe("pc:pcg:contact-us");
  });

  it("names the home page", () => {
    expect(pageName("pc", "/")).toBe("pc:home");
  });

  it("handles every depth from 1 to 12 segments", () => {
    for (let depth = 1; depth <= 12; depth++) {
      const segments = Array.from({ length: depth }, (_, i) => `s${i + 1}`);
      expect(pageName("pc", `/${segments.join("/")}`)).toBe(["pc", ...segments].join(":"));
    }
  });

  it("decodes segments and drops an .html suffix", () => {
    expect(pageName("pc", "/small%20business/auto.html")).toBe("pc:small business:auto");
    expect(pageName("pc", "/bad%E0%A4%A")).toBe("pc:bad%E0%A4%A");
  });
});
