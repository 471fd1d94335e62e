import { describe, expect, it } from "vitest";
import { appendParam, buildAdobeMc, readAdobeMc } from "./adobeMc.ts";

const ORG = "ABC123@AdobeOrg";

describe("adobe_mc", () => {
  it("builds the 5.5.0 shape, with the org ID encoded twice", () => {
    expect(buildAdobeMc({ MCMID: "123", MCORGID: ORG, TS: "1700000000" })).toBe(
      "adobe_mc=MCMID%3D123%7CMCORGID%3DABC123%2540AdobeOrg%7CTS%3D1700000000",
    );
  });

  it("appends before the fragment, with ? or &", () => {
    expect(appendParam("https://a.example/p#top", "x=1")).toBe("https://a.example/p?x=1#top");
    expect(appendParam("https://a.example/p?q=2", "x=1")).toBe("https://a.example/p?q=2&x=1");
  });

  it("round-trips and honours the TTL and the org", () => {
    const search = `?${buildAdobeMc({ MCMID: "123", MCAID: "AB-CD", MCORGID: ORG, TS: "1000" })}`;
    expect(readAdobeMc(search, ORG, 1000 + 300, 300)).toMatchObject({
      MCMID: "123",
      MCAID: "AB-CD",
    });
    expect(readAdobeMc(search, ORG, 1000 + 301, 300)).toBeUndefined();
    expect(readAdobeMc(search, "OTHER@AdobeOrg", 1000, 300)).toBeUndefined();
    expect(readAdobeMc("?q=1", ORG, 1000, 300)).toBeUndefined();
    expect(readAdobeMc("?adobe_mc=MCMID%3D%E0%A4%A", ORG, 1000, 300)).toBeUndefined();
  });
});
