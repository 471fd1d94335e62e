import sha256 from "./sha256.ts";
import toHex from "./toHex.ts";

/**
 * Customer IDs with hash type SHA-256 (spec §5): trimmed and lower-cased, then hashed, and
 * sent as lowercase hex — the Visitor API 5.5.0 normalisation.
 */
export function normalizeCustomerId(id: string): string {
  return id.trim().toLowerCase();
}

/**
 * SHA-256 of the normalised id through SubtleCrypto, or the bundled implementation where
 * SubtleCrypto is missing (it exists only in secure contexts: plain-http pages lack it).
 * Both hash the UTF-8 bytes, so the result does not depend on which one ran.
 */
export default async function hashCustomerId(id: string): Promise<string> {
  const bytes = new TextEncoder().encode(id.trim().toLowerCase());
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return sha256(bytes);
  const digest = new DataView(await subtle.digest("SHA-256", bytes));
  return toHex(Array.from({ length: 8 }, (_, i) => digest.getUint32(i * 4)));
}
