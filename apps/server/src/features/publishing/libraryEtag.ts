import { createHash } from "node:crypto";

/** A strong ETag for a library body: the same bytes always give the same tag. */
export default function libraryEtag(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}
