/**
 * Customer IDs with hash type SHA-256 (spec §5): trimmed and lower-cased, then hashed, and
 * sent as lowercase hex — the Visitor API 5.5.0 normalisation.
 */
export function normalizeCustomerId(id: string): string {
  return id.trim().toLowerCase();
}

export default async function hashCustomerId(id: string): Promise<string> {
  const bytes = new TextEncoder().encode(normalizeCustomerId(id));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
