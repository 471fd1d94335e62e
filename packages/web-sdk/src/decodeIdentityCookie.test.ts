import { describe, expect, it } from "vitest";
import decodeIdentityCookie from "./decodeIdentityCookie.ts";

const ECID = "41861666193140161934276845651148876988";
const field = (n: number, text: string) => String.fromCharCode((n << 3) | 2, text.length) + text;

describe("decodeIdentityCookie", () => {
  it("reads field 1 of the protobuf (edge-protocol.md §3.2 example)", () => {
    expect(decodeIdentityCookie("CiY0MTg2MTY2NjE5MzE0MDE2MTkzNDI3Njg0NTY1MTE0ODg3Njk4OA==")).toBe(
      ECID,
    );
  });

  it("skips other fields before field 1 and accepts the URL-safe alphabet", () => {
    const bytes =
      String.fromCharCode(0xf0, 0x01, 0x96, 0x01) + field(10, "\x08\x01") + field(1, ECID);
    const b64 = btoa(bytes);
    expect(decodeIdentityCookie(b64)).toBe(ECID);
    expect(decodeIdentityCookie(b64.replace(/\//g, "_").replace(/\+/g, "-"))).toBe(ECID);
  });

  it("returns undefined for empty, non-base64, truncated or field-less values", () => {
    expect(decodeIdentityCookie(undefined)).toBeUndefined();
    expect(decodeIdentityCookie("")).toBeUndefined();
    expect(decodeIdentityCookie("%%%")).toBeUndefined();
    expect(decodeIdentityCookie(btoa("\x0a\x26" + ECID.slice(0, 10)))).toBeUndefined();
    expect(decodeIdentityCookie(btoa(field(2, "x")))).toBeUndefined();
    expect(decodeIdentityCookie(btoa("\x0f"))).toBeUndefined();
  });
});
