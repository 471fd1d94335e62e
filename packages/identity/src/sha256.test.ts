import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import sha256 from "./sha256.ts";

const reference = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const utf8 = (s: string) => new TextEncoder().encode(s);

describe("sha256 (fallback for pages without SubtleCrypto)", () => {
  it("matches the FIPS 180-4 vectors", () => {
    expect(sha256(utf8(""))).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
    expect(sha256(utf8("abc"))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(sha256(utf8("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });

  it("hashes non-ASCII text as UTF-8", () => {
    for (const text of ["élodie", "müller@example.de", "山田太郎", "😀 emoji"])
      expect(sha256(utf8(text))).toBe(reference(utf8(text)));
  });

  it("agrees with node:crypto on every length around the padding boundaries", () => {
    for (let length = 0; length < 200; length++) {
      const bytes = randomBytes(length);
      expect(sha256(bytes)).toBe(reference(bytes));
    }
  });
});
