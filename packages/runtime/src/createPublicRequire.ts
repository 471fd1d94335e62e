import cookie from "./reactor/cookie.ts";
import loadScript from "./reactor/loadScript.ts";
import queryString from "./reactor/queryString.ts";

/** The seven helper packages every Launch extension may `require` (reference §2.2). */
const helpers: Record<string, unknown> = {
  cookie,
  document,
  "load-script": loadScript,
  "object-assign": Object.assign,
  promise: Promise,
  "query-string": queryString,
  window,
};

/**
 * Resolves `./x` and `../y` against the requiring module's path, the way URLs resolve;
 * `.js` is implied. Module paths are plain `[\w./-]` names, so URL escaping never applies.
 */
export function resolveRelativePath(from: string, relative: string): string {
  return new URL(relative, `http://h/${from}`).pathname.slice(1).replace(/(\.js)?$/, ".js");
}

export default function createPublicRequire(
  modulePath: string,
  getExports: (path: string) => unknown,
) {
  return (key: string): unknown => {
    const helper = /^@adobe\/reactor-/.test(key) && helpers[key.slice(15)];
    if (helper) return helper;
    if (/^\.\.?\//.test(key)) return getExports(resolveRelativePath(modulePath, key));
    throw new Error(`Cannot resolve module "${key}".`);
  };
}
