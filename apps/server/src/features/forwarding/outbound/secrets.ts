import { SECRET_CLOSE, SECRET_OPEN } from "@liftoff/schema";

const PLACEHOLDER = new RegExp(
  `${SECRET_OPEN}([^${SECRET_OPEN}${SECRET_CLOSE}]*)${SECRET_CLOSE}`,
  "g",
);

/** What replaces a secret's value in anything shown or stored (excerpts, errors). */
export const SECRET_MASK = "••••";

/** Thrown when a planned request names a secret the environment does not have. */
export class MissingSecretError extends Error {
  constructor(readonly secretName: string) {
    super(`secret "${secretName}" is not set for this environment; nothing was sent`);
    this.name = "MissingSecretError";
  }
}

/** True when `text` holds a secret placeholder (`SECRET_OPEN name SECRET_CLOSE`). */
export function hasSecret(text: string): boolean {
  return text.includes(SECRET_OPEN);
}

/**
 * Replaces every secret placeholder in `text` by the secret's value. Throws
 * `MissingSecretError` naming the first secret that `secrets` lacks.
 */
export function substituteSecrets(
  text: string,
  secrets: ReadonlyMap<string, string>,
  escape: (value: string) => string = (value) => value,
): string {
  if (!hasSecret(text)) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = secrets.get(name);
    if (value === undefined) throw new MissingSecretError(name);
    return escape(value);
  });
}

/**
 * How a secret is written into a body of `contentType`: inside a JSON string it is
 * JSON-escaped, in a form body URL-encoded, so a value with `"`, `&` or `+` cannot break the
 * body or add fields to it; any other body takes it as it is.
 */
export function secretEscapeFor(contentType: string | undefined): (value: string) => string {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json"))
    return (value) => JSON.stringify(value).slice(1, -1);
  if (type === "application/x-www-form-urlencoded") return encodeURIComponent;
  return (value) => value;
}

/**
 * Masks every secret value in `text`: as sent, and in the forms a destination is likely to
 * echo it back (URL-encoded, as a query string or a form body carries it, and JSON-escaped).
 * Longer values first, so a secret that contains another is masked whole.
 */
export function maskSecrets(text: string, secrets: ReadonlyMap<string, string>): string {
  const forms = new Set<string>();
  for (const value of secrets.values()) {
    if (value === "") continue;
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(JSON.stringify(value).slice(1, -1));
  }
  let masked = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) {
    masked = masked.split(form).join(SECRET_MASK);
  }
  return masked;
}

/** The longest form `maskSecrets` looks for, in UTF-8 bytes (how far past a cut to read). */
export function longestSecretBytes(secrets: ReadonlyMap<string, string>): number {
  let longest = 0;
  for (const value of secrets.values()) {
    longest = Math.max(longest, Buffer.byteLength(encodeURIComponent(value)));
    longest = Math.max(longest, Buffer.byteLength(JSON.stringify(value)));
  }
  return longest;
}
