import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { secretKeysFor } from "./secretKeys.ts";

const dir = mkdtempSync(join(tmpdir(), "liftoff-secret-keys-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("secretKeysFor", () => {
  it("takes LIFTOFF_SECRET_KEYS first, and stops on a bad one", () => {
    const ring = `prod:${randomBytes(32).toString("base64")}`;
    expect(secretKeysFor({ LIFTOFF_SECRET_KEYS: ring }, "postgres", join(dir, "none"))).toEqual({
      keys: ring,
      source: "LIFTOFF_SECRET_KEYS",
    });
    expect(() =>
      secretKeysFor({ LIFTOFF_SECRET_KEYS: "prod:short" }, "sqlite", join(dir, "x")),
    ).toThrow(/LIFTOFF_SECRET_KEYS\[0\] \("prod"\): the key must be 32 bytes/);
  });

  it("makes one key file on SQLite, readable by its owner only, and keeps it", () => {
    const file = join(dir, "data", "secret-keys");
    const first = secretKeysFor({}, "sqlite", file);
    expect(first.source).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(secretKeysFor({}, "sqlite", file).keys).toBe(first.keys);
    expect(readFileSync(file, "utf8").trim()).toBe(first.keys);
  });

  it("has no ring on PostgreSQL without LIFTOFF_SECRET_KEYS: every node needs the same one", () => {
    expect(secretKeysFor({}, "postgres", join(dir, "pg"))).toEqual({
      source: "none (set LIFTOFF_SECRET_KEYS to use secrets)",
    });
  });
});
