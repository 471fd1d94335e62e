import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseKeyRing, SecretBox } from "./SecretBox.ts";

const key = () => randomBytes(32).toString("base64");
const place = { propertyId: "PRforward", environmentId: "ENdev", name: "meta token" };

describe("SecretBox", () => {
  it("seals under the first key and opens with whichever key sealed", () => {
    const oldKey = `old:${key()}`;
    const before = new SecretBox(oldKey);
    const sealed = before.seal(place, "EAAB-secret");
    expect(sealed.keyId).toBe("old");
    expect(sealed.sealed.toString("utf8")).not.toContain("EAAB-secret");
    const rotated = new SecretBox(`new:${key()},${oldKey}`);
    expect(rotated.open(place, sealed)).toBe("EAAB-secret");
    expect(rotated.seal(place, "x").keyId).toBe("new");
  });

  it("refuses a value moved to another place, altered, or sealed with a key it lacks", () => {
    const box = new SecretBox(`a:${key()}`);
    const sealed = box.seal(place, "value");
    expect(() => box.open({ ...place, environmentId: "ENprod" }, sealed)).toThrow(/does not open/);
    const flipped = Buffer.from(sealed.sealed);
    flipped[14]! ^= 1;
    expect(() => box.open(place, { ...sealed, sealed: flipped })).toThrow(/altered/);
    expect(() => new SecretBox(`b:${key()}`).open(place, sealed)).toThrow(
      /key "a", which LIFTOFF_SECRET_KEYS does not hold/,
    );
  });

  it("seals the same value differently each time", () => {
    const box = SecretBox.ephemeral();
    expect(box.seal(place, "v").sealed.equals(box.seal(place, "v").sealed)).toBe(false);
  });

  it("names what is wrong with a key ring", () => {
    expect(() => parseKeyRing("")).toThrow(/expected id:base64key/);
    expect(() => parseKeyRing("nocolon")).toThrow(
      /LIFTOFF_SECRET_KEYS\[0\]: expected id:base64key/,
    );
    expect(() => parseKeyRing(`a:${randomBytes(16).toString("base64")}`)).toThrow(/32 bytes/);
    const k = key();
    expect(() => parseKeyRing(`a:${k},a:${k}`)).toThrow(/"a" is listed twice/);
    expect(parseKeyRing(`a:${k}, b:${key()}`).map((r) => r.id)).toEqual(["a", "b"]);
  });
});
