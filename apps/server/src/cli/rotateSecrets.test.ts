import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, expect, it } from "vitest";
import { SecretBox } from "../features/forwarding/SecretBox.ts";
import { SqliteStore } from "../store/SqliteStore.ts";
import { rotateSecrets } from "./rotateSecrets.ts";

const dir = mkdtempSync(join(tmpdir(), "liftoff-rotate-"));
const saved = process.env.LIFTOFF_SECRET_KEYS;
afterEach(() => {
  if (saved === undefined) delete process.env.LIFTOFF_SECRET_KEYS;
  else process.env.LIFTOFF_SECRET_KEYS = saved;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key = () => randomBytes(32).toString("base64");
const place = { propertyId: "PRforward", environmentId: "ENdev", name: "token" };

it("re-seals every secret under the ring's first key, and refuses a ring that cannot open one", async () => {
  const oldRing = `old:${key()}`;
  const newRing = `new:${key()},${oldRing}`;
  const store = new SqliteStore(join(dir, "liftoff.db"));
  await store.migrate();
  const sealed = new SecretBox(oldRing).seal(place, "v4lue");
  await store.forwarding.putSecret("PRforward", "ENdev", sealed, "admin", Date.now());
  await store.close();

  process.env.LIFTOFF_SECRET_KEYS = `other:${key()}`;
  await expect(rotateSecrets(["rotate", "--data", dir], () => undefined)).rejects.toThrow(
    /sealed with key "old"/,
  );

  process.env.LIFTOFF_SECRET_KEYS = newRing;
  const lines: string[] = [];
  expect(await rotateSecrets(["rotate", "--data", dir], (l) => lines.push(l))).toBe(0);
  expect(lines).toEqual(['liftoff: 1 of 1 secrets re-sealed under key "new"']);

  const after = new SqliteStore(join(dir, "liftoff.db"));
  const [stored] = await after.forwarding.sealedSecrets("PRforward", "ENdev");
  await after.close();
  expect(stored!.keyId).toBe("new");
  const newOnly = new SecretBox(newRing.split(",")[0]!);
  expect(newOnly.open(place, stored!)).toBe("v4lue");
});
