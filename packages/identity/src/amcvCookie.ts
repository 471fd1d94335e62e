import { VERSION } from "./constants.ts";

/** One AMCV field: its value, an optional expiry (unix seconds) and the session flag. */
export interface AmcvField {
  value: string;
  expires?: number;
  session?: boolean;
}
export type AmcvFields = Record<string, AmcvField>;

const KEY = /^(\w+)(?:-(\d+)(s?))?$/;

/**
 * Reads an AMCV cookie value (already URL-decoded), e.g.
 * `179643557|MCIDTS|20779|MCMID|249…|MCAAMLH-1795883652|9|MCOPTOUT-1795286052s|NONE|vVersion|5.5.0`
 * (reference §7): a numeric settings digest, then `key[-expiry[s]]|value` pairs. Expired
 * fields are dropped, and so are session-scoped (`s`) ones when the browser session that
 * wrote them is over.
 */
export function parseAmcv(raw: string, now: number, sameSession: boolean): AmcvFields {
  const parts = raw.split("|");
  const fields: AmcvFields = {};
  // The digest is optional on read: cookies written by other Visitor builds may omit it.
  for (let i = /^-?\d+$/.test(parts[0] ?? "") ? 1 : 0; i + 1 < parts.length; i += 2) {
    const match = KEY.exec(parts[i]!);
    if (!match) continue;
    const expires = match[2] ? Number(match[2]) : undefined;
    const session = match[3] === "s";
    if ((expires && expires < now) || (session && !sameSession)) continue;
    fields[match[1]!] = { value: parts[i + 1]!, expires, session };
  }
  return fields;
}

/** Writes fields back in the same format, the settings digest first and `vVersion` last. */
export function serializeAmcv(fields: AmcvFields, digest: number): string {
  let out = String(digest);
  for (const key in fields) {
    const field = fields[key]!;
    if (key === "vVersion" || field.value === "") continue;
    out += `|${key}${field.expires ? `-${field.expires}${field.session ? "s" : ""}` : ""}|${field.value}`;
  }
  return `${out}|vVersion|${VERSION}`;
}
