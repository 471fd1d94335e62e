/** Cookie options as the Visitor config expresses them (reference §7, "AMCV cookie"). */
export interface CookieOptions {
  cookieDomain?: string;
  secureCookie?: boolean;
  sameSiteCookie?: string;
}

export interface Cookies {
  read(name: string): string | undefined;
  /** `lifetime` in seconds; `undefined` writes a session cookie, `0` removes it. */
  write(name: string, value: string, lifetime?: number, domain?: string): void;
  /** The domain the AMCV cookies go to: the configured one, else the widest that sticks. */
  domain: string;
}

const PROBE = "AMCVS_probe";

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

  // The widest domain that accepts a cookie is the registrable one (example.co.uk, not
  // co.uk): try suffixes from the shortest up, as browsers refuse public suffixes. IP
  // addresses and single-label hosts (localhost) keep host-only cookies.
  let domain = options.cookieDomain ?? "";
  const labels = (doc.location?.hostname ?? "").split(".");
  if (!domain && labels.length > 1 && !/^\d*$/.test(labels[labels.length - 1]!))
    for (let n = 2; !domain && n <= labels.length; n++) {
      const candidate = labels.slice(-n).join(".");
      write(PROBE, "1", 9, candidate);
      if (read(PROBE)) domain = candidate;
      write(PROBE, "", 0, candidate);
    }

  return { read, write, domain };
}
