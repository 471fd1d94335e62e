import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: the session cookie's value and the CSRF token. */
export const newToken = () => randomBytes(32).toString("base64url");

/**
 * Sessions are looked up by the SHA-256 of their token, so a leaked database (or backup)
 * holds nothing a browser could present. A fast hash is enough: the token is random.
 */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
