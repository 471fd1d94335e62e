/** Cookie options as the Visitor config expresses them (reference §7, "AMCV cookie"). */
export interface CookieOptions {
  secureCookie?: boolean;
  sameSiteCookie?: string;
}

export interface Cookies {
  read(name: string): string | undefined;
  /**
   * `lifetime` in seconds; `undefined` writes a session cookie, `0` removes it. Cookies are
   * host-only unless `domain` names the domain to share them across (www.example.com and
   * quote.example.com need `cookieDomain: "example.com"`).
   */
  write(name: string, value: string, lifetime?: number, domain?: string): void;
}

/**
 * First-party cookie access through `document.cookie`, the only store Visitor uses. `secure`
 * and `SameSite` are added on https pages only, as 5.5.0 does: an http page cannot set a
 * secure cookie, and `SameSite=None` without `secure` is rejected by browsers.
 */
export default function createCookies(doc: Document, options: CookieOptions): Cookies {
  const https = doc.location?.protocol === "https:";
  const flags =
    (https && options.secureCookie ? "; secure" : "") +
    (https && options.sameSiteCookie ? `; SameSite=${options.sameSiteCookie}` : "");

  function read(name: string): string | undefined {
    for (const pair of doc.cookie.split("; "))
      if (pair.startsWith(`${name}=`))
        try {
          return decodeURIComponent(pair.slice(name.length + 1));
        } catch {
          // A value another script wrote unencoded is treated as absent, not as a crash.
        }
  }

  function write(name: string, value: string, lifetime?: number, domain?: string): void {
    doc.cookie = `${name}=${encodeURIComponent(value)}; path=/${lifetime === undefined ? "" : `; max-age=${lifetime}`}${domain ? `; domain=${domain}` : ""}${flags}`;
  }

  return { read, write };
}
