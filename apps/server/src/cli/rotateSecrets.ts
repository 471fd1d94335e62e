import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import openStore from "../store/openStore.ts";
import { SecretBox } from "../features/forwarding/SecretBox.ts";
import { secretKeysFor } from "../features/forwarding/secretKeys.ts";

export const SECRETS_USAGE = `  secrets rotate [--data DIR] [--db sqlite|postgres://…]
        re-seal every forwarding secret under the first key of LIFTOFF_SECRET_KEYS (or the
        data folder's key file); run it after putting a new key first, then drop the old keys`;

/**
 * `liftoff secrets rotate`: opens each sealed secret with whichever key of the ring sealed it
 * and seals it again under the ring's first key (docs/event-forwarding.md, Secrets). Values
 * never leave the process; the count of re-sealed secrets is printed. A secret no key opens
 * stops the command before anything is written.
 */
export async function rotateSecrets(
  argv: string[],
  out: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { data: { type: "string" }, db: { type: "string" } },
    allowPositionals: true,
  });
  if (positionals[0] !== "rotate" || positionals.length > 1)
    throw new Error(`expected "secrets rotate"\n${SECRETS_USAGE}`);
  const dataDir = resolve(values.data ?? ".data");
  const db = values.db ?? process.env.LIFTOFF_DB ?? "sqlite";
  const { keys } = secretKeysFor(
    process.env,
    db === "sqlite" ? "sqlite" : "postgres",
    join(dataDir, "secret-keys"),
  );
  if (!keys) throw new Error("LIFTOFF_SECRET_KEYS: not set; there is no key ring to rotate to");
  const box = new SecretBox(keys);
  const store = await openStore(db, join(dataDir, "liftoff.db"));
  try {
    await store.migrate();
    const sealed = await store.forwarding.allSealed();
    // Every value is opened before any is written: a ring missing a key changes nothing.
    const opened = sealed.map((s) => ({ s, value: box.open(s, s) }));
    let moved = 0;
    for (const { s, value } of opened) {
      if (s.keyId === box.currentKeyId) continue;
      await store.forwarding.resealSecret(s.propertyId, s.environmentId, box.seal(s, value));
      moved++;
    }
    out(`liftoff: ${moved} of ${sealed.length} secrets re-sealed under key "${box.currentKeyId}"`);
    return 0;
  } finally {
    await store.close();
  }
}
