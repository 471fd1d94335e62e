/**
 * `@adobe/reactor-cookie`: get/set/remove with js-cookie 2 semantics (path `/` by default,
 * `expires` in days or a Date, values URI-encoded except the characters cookies allow).
 */
export interface CookieAttributes {
  [attribute: string]: string | number | boolean | Date | undefined;
  expires?: number | Date;
  path?: string;
  domain?: string;
  secure?: boolean;
  sameSite?: string;
}

const decode = (s: string) => s.replace(/(%[0-9A-Z]{2})+/g, decodeURIComponent);

/**
 * Reads as js-cookie 2 does: `name=value` pairs split at the first `=` (a pair without one is
 * a name with an empty value), a value starting with `"` loses its first and last character,
 * names and `%XX` runs decoded. Of two cookies with one name (a host cookie and a domain one,
 * or two paths) the first in `document.cookie` wins, where the reading stops; without a name
 * (or with an empty one) every cookie comes back, the last of a name winning.
 */
function get(): Record<string, string>;
function get(name: string): string | undefined;
function get(name?: string): string | Record<string, string> | undefined {
  const all: Record<string, string> = {};
  for (const pair of document.cookie ? document.cookie.split("; ") : []) {
    const at = pair.indexOf("=");
    let value = at < 0 ? "" : pair.slice(at + 1);
    if (value[0] === '"') value = value.slice(1, -1);
    try {
      const key = decode(at < 0 ? pair : pair.slice(0, at));
      all[key] = decode(value);
      if (key === name) break;
    } catch {
      // A cookie written by someone else with a malformed escape: skip it.
    }
  }
  return name ? all[name] : all;
}

function set(name: string, value: unknown, attributes: CookieAttributes = {}): string {
  const attrs: CookieAttributes = { path: "/", ...attributes };
  if (typeof attrs.expires === "number")
    attrs.expires = new Date(Date.now() + attrs.expires * 864e5);
  // Objects and arrays are stored as JSON (null stringifies to "null" either way).
  let text = typeof value === "object" ? JSON.stringify(value) : `${value as string}`;
  // Keep the characters RFC 6265 allows in values and names readable, like js-cookie does.
  text = encodeURIComponent(text).replace(
    /%(2[346BF]|3[ACDEF]|40|5[BDE]|60|7[BCD])/g,
    decodeURIComponent,
  );
  const key = encodeURIComponent(name)
    .replace(/%(2[346B]|5E|60|7C)/g, decodeURIComponent)
    .replace(/[()]/g, escape);
  let cookie = `${key}=${text}`;
  // Every attribute is written as given (`secure: true` → `; secure`), as js-cookie does.
  for (const [name, value] of Object.entries(attrs)) {
    if (value)
      cookie += `; ${name}${value === true ? "" : `=${value instanceof Date ? value.toUTCString() : value}`}`;
  }
  return (document.cookie = cookie);
}

function remove(name: string, attributes: CookieAttributes = {}): void {
  set(name, "", { ...attributes, expires: -1 });
}

export default { get, set, remove };
