import { describe, expect, it } from "vitest";
import { parseAmcv, serializeAmcv } from "./amcvCookie.ts";

// The value captured from Visitor 5.5.0 in Chromium (reference §7), URL-decoded.
const CAPTURED =
  "179643557|MCIDTS|20779|MCMID|24953447368218163491367718262876436631|MCAAMLH-1795883652|9|" +
  "MCAAMB-1795883652|6G1ynYcLPuiQxYZrsz_pkqfLG9yMXBpb2zX5dvJdYQJzPXImdj0y|" +
  "MCOPTOUT-1795286052s|NONE|MCCIDH|-2046789284|vVersion|5.5.0";
const NOW = 1795278852;

describe("AMCV cookie format", () => {
  it("reads the captured 5.5.0 value", () => {
    const fields = parseAmcv(CAPTURED, NOW, true);
    expect(fields.MCMID).toEqual({
      value: "24953447368218163491367718262876436631",
      expires: undefined,
      session: false,
    });
    expect(fields.MCIDTS!.value).toBe("20779");
    expect(fields.MCAAMLH).toEqual({ value: "9", expires: 1795883652, session: false });
    expect(fields.MCOPTOUT).toEqual({ value: "NONE", expires: 1795286052, session: true });
    expect(fields.MCCIDH!.value).toBe("-2046789284");
    expect(fields.vVersion!.value).toBe("5.5.0");
  });

  it("drops expired fields and session fields from an earlier session", () => {
    const later = parseAmcv(CAPTURED, 1795290000, true);
    expect(later.MCOPTOUT).toBeUndefined();
    expect(later.MCAAMLH).toBeDefined();
    const newSession = parseAmcv(CAPTURED, NOW, false);
    expect(newSession.MCOPTOUT).toBeUndefined();
    expect(newSession.MCMID).toBeDefined();
  });

  it("writes back byte for byte what it read", () => {
    expect(serializeAmcv(parseAmcv(CAPTURED, NOW, true), 179643557)).toBe(CAPTURED);
  });

  it("ignores malformed pairs instead of failing", () => {
    expect(parseAmcv("garbage", NOW, true)).toEqual({});
    expect(parseAmcv("1|MC MID|x|MCMID|42", NOW, true)).toEqual({
      MCMID: { value: "42", expires: undefined, session: false },
    });
  });
});
