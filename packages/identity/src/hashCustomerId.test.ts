import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import hashCustomerId, { normalizeCustomerId } from "./hashCustomerId.ts";

const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

describe("hashCustomerId", () => {
  it("trims and lower-cases before hashing", async () => {
    expect(normalizeCustomerId("  Jane.Doe@Example.COM ")).toBe("jane.doe@example.com");
    expect(await hashCustomerId("  Jane.Doe@Example.COM ")).toBe(sha("jane.doe@example.com"));
  });

  it("matches the published SHA-256 vector for 'abc'", async () => {
    expect(await hashCustomerId("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("hashes non-ASCII input as UTF-8", async () => {
    expect(await hashCustomerId("ÉLODIE")).toBe(sha("élodie"));
  });
});
