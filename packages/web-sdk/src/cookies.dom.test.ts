// @vitest-environment-options {"url": "https://www.example.test/page.html"}
import { describe, expect, it } from "vitest";
import { cookieName, getApexDomain, readCookie, readCookies, writeCookie } from "./cookies.ts";

describe("cookies", () => {
  it("names cookies after the org with its first @ replaced", () => {
    expect(cookieName("ABC@AdobeOrg", "identity")).toBe("kndctr_ABC_AdobeOrg_identity");
  });

  it("keeps base64 and consent values readable on the wire, escaping only what it must", () => {
    writeCookie("kndctr_X_identity", "CiY0+/ab==");
    writeCookie("kndctr_X_consent", "general=in");
    writeCookie("odd", "a b;c,d");
    expect(document.cookie).toContain("kndctr_X_identity=CiY0+/ab==");
    expect(document.cookie).toContain("kndctr_X_consent=general=in");
    expect(document.cookie).toContain("odd=a%20b%3Bc%2Cd");
    expect(readCookie("kndctr_X_identity")).toBe("CiY0+/ab==");
    expect(readCookie("odd")).toBe("a b;c,d");
    expect(readCookies("kndctr_X_").map((c) => c.key)).toEqual([
      "kndctr_X_identity",
      "kndctr_X_consent",
    ]);
    writeCookie("odd", "", { maxAge: 0 });
    expect(readCookie("odd")).toBeUndefined();
  });

  it("finds the apex domain that accepts cookies", () => {
    expect(getApexDomain()).toBe("example.test");
  });
});
