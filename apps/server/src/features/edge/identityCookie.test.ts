import { describe, expect, it } from "vitest";
import mintEcid, { ECID_PATTERN } from "./ecid.ts";
import { decodeIdentityCookie, encodeIdentityCookie } from "./identityCookie.ts";

describe("identity cookie", () => {
  it("round-trips a minted ECID; field 1 is what alloy decodes", () => {
    const ecid = mintEcid();
    expect(ecid).toMatch(ECID_PATTERN);
    const value = encodeIdentityCookie(ecid, 1_795_286_052_000);
    const bytes = Buffer.from(value, "base64");
    expect([bytes[0], bytes[1]]).toEqual([0x0a, 38]);
    expect(bytes.subarray(2, 40).toString()).toBe(ecid);
    expect(decodeIdentityCookie(value)).toBe(ecid);
  });

  it("reads field 1 after other fields and accepts URL-safe base64", () => {
    const ecid = "41861666193140161934276845651148876988";
    const id = Buffer.from(ecid);
    // field 10 (metadata, length-delimited) first, then field 1.
    const message = Buffer.from([0x52, 2, 0x08, 1, 0x0a, id.length, ...id]);
    expect(decodeIdentityCookie(message.toString("base64url"))).toBe(ecid);
  });

  it("returns undefined for garbage instead of throwing", () => {
    for (const v of [
      "",
      "not-protobuf",
      Buffer.from([0x0a, 200, 1]).toString("base64"),
      Buffer.from([0x0f]).toString("base64"),
    ])
      expect(decodeIdentityCookie(v)).toBeUndefined();
  });
});
