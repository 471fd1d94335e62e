import { isNil } from "./validate.ts";
/**
 * First-party cookie access. Names follow alloy (edge-protocol.md §3.4):
 * `kndctr_<orgId, first "@" → "_">_<key>`.
 */
export const cookieName = (orgId: string, key: string) =>
  `kndctr_${orgId.replace("@", "_")}_${key}`;

export function readCookie(name: string, doc: Document = document): string | undefined {
  for (const part of doc.cookie.split(/;\s*/)) {
    const i = part.indexOf("=");
    if (part.slice(0, i) === name) {
      try {
        return decodeURIComponent(part.slice(i + 1));
      } catch {
        return part.slice(i + 1);
      }
    }
  }
  return undefined;
}

/** All cookies whose name starts with `prefix`, as `{key, value}` entries. */
export function readCookies(prefix: string, doc: Document = document) {
  return doc.cookie
    .split(/;\s*/)
    .filter((part) => part.startsWith(prefix))
    .map((part) => {
      const i = part.indexOf("=");
      return { key: part.slice(0, i), value: part.slice(i + 1) };
    });
}

export interface CookieOptions {
  maxAge?: number;
  domain?: string;
  sameSite?: string;
  secure?: boolean;
}

export function writeCookie(
  name: string,
  value: string,
  options: CookieOptions = {},
  doc: Document = document,
): void {
  // Escape only what a cookie value cannot hold; keep `=`, `/`, `+` etc. readable as alloy's
  // cookie library does, so base64 identity values reach the edge unchanged (RFC 6265 §4.1.1).
  const encoded = encodeURIComponent(value).replace(
    /%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g,
    decodeURIComponent,
  );
  let cookie = `${name}=${encoded}; path=/`;
  if (!isNil(options.maxAge)) cookie += `; max-age=${options.maxAge}`;
  if (options.domain) cookie += `; domain=${options.domain}`;
  if (options.sameSite) cookie += `; SameSite=${options.sameSite}`;
  if (options.secure) cookie += "; Secure";
  doc.cookie = cookie;
}

/**
 * The highest domain that accepts a cookie (alloy's `getApexDomain`): tries `b.c`, then
 * `a.b.c`, … with a throwaway cookie. `""` on localhost and IP addresses.
 */
export function getApexDomain(doc: Document = document): string {
  const host = doc.location.hostname;
  if (/^[\d.]+$|^\[|^localhost$/.test(host)) return "";
  const parts = host.split(".");
  const probe = "com.adobe.alloy.getTld";
  for (let i = parts.length - 2; i >= 0; i--) {
    const candidate = parts.slice(i).join(".");
    writeCookie(probe, "cookieValue", { domain: candidate }, doc);
    if (readCookie(probe, doc)) {
      writeCookie(probe, "", { domain: candidate, maxAge: 0 }, doc);
      return candidate;
    }
  }
  return "";
}
