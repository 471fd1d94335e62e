import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { SealedSecret } from "./ForwardingRepository.ts";

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** One key of the ring: an id stored beside each sealed value, and 32 bytes. */
interface RingKey {
  id: string;
  key: Buffer;
}

/**
 * Seals forwarding secrets with AES-256-GCM (docs/event-forwarding.md, Secrets). The key ring
 * comes from the configuration, never from the database: `LIFTOFF_SECRET_KEYS` is
 * `id:base64key[,id:base64key…]`, the first key seals, every key opens. Rotation: put a new
 * key first, keep the old ones, run `liftoff secrets rotate` (re-seals every value under the
 * first key), then drop the old keys. The additional data binds a value to its property,
 * environment and name, so a sealed value copied to another row does not open.
 */
export class SecretBox {
  private readonly ring: RingKey[];

  constructor(spec: string) {
    this.ring = parseKeyRing(spec);
  }

  /** A ring of one random key: secrets last as long as the process (tests, in-memory demos). */
  static ephemeral(): SecretBox {
    return new SecretBox(`ephemeral:${randomBytes(32).toString("base64")}`);
  }

  get currentKeyId(): string {
    return this.ring[0]!.id;
  }

  seal(where: SecretPlace, value: string): SealedSecret {
    const { id, key } = this.ring[0]!;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(aad(where));
    const sealed = Buffer.concat([iv, cipher.update(value, "utf8"), cipher.final()]);
    return { name: where.name, keyId: id, sealed: Buffer.concat([sealed, cipher.getAuthTag()]) };
  }

  /** The value, or an Error naming why it cannot be opened (unknown key, tampered). */
  open(where: SecretPlace, secret: SealedSecret): string {
    const ringKey = this.ring.find((k) => k.id === secret.keyId);
    if (!ringKey)
      throw new Error(
        `secret "${where.name}" is sealed with key "${secret.keyId}", which LIFTOFF_SECRET_KEYS does not hold`,
      );
    const { sealed } = secret;
    const iv = sealed.subarray(0, IV_BYTES);
    const tag = sealed.subarray(sealed.length - TAG_BYTES);
    const decipher = createDecipheriv("aes-256-gcm", ringKey.key, iv);
    decipher.setAAD(aad(where));
    decipher.setAuthTag(tag);
    try {
      const body = sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    } catch {
      throw new Error(`secret "${where.name}" does not open: it was altered or sealed elsewhere`);
    }
  }
}

export interface SecretPlace {
  propertyId: string;
  environmentId: string;
  name: string;
}

const aad = (p: SecretPlace) =>
  Buffer.from(JSON.stringify([p.propertyId, p.environmentId, p.name]));

/** Parses `id:base64key,…`; throws naming the entry at fault. */
export function parseKeyRing(spec: string): RingKey[] {
  const entries = spec
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0)
    throw new Error("LIFTOFF_SECRET_KEYS: expected id:base64key[,id:base64key…]");
  const ring = entries.map((entry, i) => {
    const colon = entry.indexOf(":");
    const id = entry.slice(0, colon);
    const key = Buffer.from(entry.slice(colon + 1), "base64");
    if (colon < 1 || !KEY_ID.test(id))
      throw new Error(
        `LIFTOFF_SECRET_KEYS[${i}]: expected id:base64key with an id of letters, digits, - or _`,
      );
    if (key.length !== 32)
      throw new Error(`LIFTOFF_SECRET_KEYS[${i}] ("${id}"): the key must be 32 bytes in base64`);
    return { id, key };
  });
  const ids = ring.map((k) => k.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw new Error(`LIFTOFF_SECRET_KEYS: key id "${twice}" is listed twice`);
  return ring;
}
