import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseKeyRing } from "./SecretBox.ts";

/**
 * Where `liftoff serve` gets the key ring that seals forwarding secrets
 * (docs/event-forwarding.md, Secrets):
 * - `LIFTOFF_SECRET_KEYS` when set (checked here: a bad ring stops the start);
 * - on SQLite, else, the key file in the data folder, made once (mode 0600): one node, one
 *   folder, and the database file alone does not open its secrets;
 * - on PostgreSQL, else, none: every node must hold the same ring, so the operator sets it,
 *   and until then setting a secret is refused with the reason.
 */
export function secretKeysFor(
  env: NodeJS.ProcessEnv,
  db: "sqlite" | "postgres",
  keyFile: string,
): { keys?: string; source: string } {
  const fromEnv = env.LIFTOFF_SECRET_KEYS;
  if (fromEnv !== undefined && fromEnv !== "") {
    parseKeyRing(fromEnv);
    return { keys: fromEnv, source: "LIFTOFF_SECRET_KEYS" };
  }
  if (db === "postgres") return { source: "none (set LIFTOFF_SECRET_KEYS to use secrets)" };
  let keys: string;
  try {
    if (!existsSync(keyFile)) {
      mkdirSync(dirname(keyFile), { recursive: true });
      writeFileSync(keyFile, `local:${randomBytes(32).toString("base64")}\n`, {
        mode: 0o600,
        flag: "wx",
      });
    }
    keys = readFileSync(keyFile, "utf8").trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(
      `the secret key file ${keyFile} cannot be read or made (${code}): fix its folder's permissions, or set LIFTOFF_SECRET_KEYS`,
    );
  }
  try {
    parseKeyRing(keys);
  } catch (error) {
    throw new Error(`${keyFile}: ${(error as Error).message}`);
  }
  return { keys, source: keyFile };
}
