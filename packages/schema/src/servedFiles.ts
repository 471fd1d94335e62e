/**
 * The server's one map of content types, by file extension: the studio's and demo site's
 * files are served with it, and library folders with the part of it SERVED_FILE_TYPES names.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  cjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json; charset=utf-8",
  map: "application/json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  svg: "image/svg+xml; charset=utf-8",
  png: "image/png",
  ico: "image/x-icon",
  webm: "video/webm",
  mp4: "video/mp4",
  pdf: "application/pdf",
};

/** The content type of a file extension (`js`, no dot), or undefined for one not served. */
export function contentTypeOf(extension: string): string | undefined {
  return Object.hasOwn(CONTENT_TYPES, extension) ? CONTENT_TYPES[extension] : undefined;
}

/**
 * The files a library's folder serves (docs/server.md, "Trust boundaries"): the library, the
 * hosted files of imported extensions and external custom code. They are the site owner's
 * code, made to be loaded by a tag — as a script, a stylesheet, JSON or an image — never
 * opened as a page. So the types are few and named here once: the builder refuses a hosted
 * file of any other type at save and at import, and the server takes the content type of
 * every file it serves under /libs/ from this map and serves no other.
 *
 * Files are stored as text, so binary types (PNG, fonts) cannot be carried faithfully anyway.
 * HTML, XML and files without an extension are left out on purpose: a browser opens them as
 * documents, and a document on the server's origin could act as whoever opened its link.
 * SVG is here because tags draw icons with it; it is served with a sandboxing policy so that
 * opened by itself it runs nothing.
 */
export const SERVED_FILE_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  ["js", "mjs", "cjs", "json", "map", "css", "txt", "svg"].map((extension) => [
    extension,
    contentTypeOf(extension)!,
  ]),
);

/**
 * A hosted file's name: a file name, or a path of file names (`lang/en.js`) for a file Launch
 * hosted in a subfolder of the extension's folder; the path is served as is under
 * `hosted/<extension>/`. Each name is at most 100 characters (the longest one-segment
 * parameter the server's router takes, Fastify's `maxParamLength`) and starts with a letter,
 * digit, `_` or `-`, so no segment is `.` or `..` and nothing climbs out of the folder; at
 * most 8 names deep.
 */
export const MAX_HOSTED_FILE_NAME = 100;
export const MAX_HOSTED_FILE_DEPTH = 8;
const HOSTED_FILE_NAME = new RegExp(`^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,${MAX_HOSTED_FILE_NAME - 1}}$`);

const LISTED = Object.keys(SERVED_FILE_TYPES).map((extension) => `.${extension}`);
/** The types in one phrase, for messages that name a refused file: `.js, .mjs, … or .svg`. */
export const SERVED_FILE_TYPE_LIST = `${LISTED.slice(0, -1).join(", ")} or ${LISTED.at(-1)}`;

/**
 * The content type a file is served with, by its extension (case-insensitive);
 * undefined for every type a library's folder does not serve.
 * @example servedFileType("lib.min.js") // "text/javascript; charset=utf-8"
 */
export function servedFileType(fileName: string): string | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  // Own keys only: `y.constructor` must not find Object.prototype's.
  return extension !== undefined && Object.hasOwn(SERVED_FILE_TYPES, extension)
    ? SERVED_FILE_TYPES[extension]
    : undefined;
}

/**
 * What is wrong with a hosted file's name or path as a place to serve it, whatever its type;
 * undefined when nothing is. The library routes check requested paths with it.
 */
export function hostedPathProblem(name: string): string | undefined {
  const names = name.split("/");
  if (names.length === 1 && !HOSTED_FILE_NAME.test(name))
    return `expected a file name of 1 to ${MAX_HOSTED_FILE_NAME} letters, digits, _ . and -`;
  if (names.length > MAX_HOSTED_FILE_DEPTH || !names.every((n) => HOSTED_FILE_NAME.test(n)))
    return `expected a path of 1 to ${MAX_HOSTED_FILE_DEPTH} file names separated by /, each of 1 to ${MAX_HOSTED_FILE_NAME} letters, digits, _ . and - and not starting with .`;
  return undefined;
}

/** What is wrong with a hosted file's name (`hostedFiles` key); undefined when nothing is. */
export function hostedFileProblem(name: string): string | undefined {
  const problem = hostedPathProblem(name);
  if (problem) return problem;
  if (servedFileType(name) === undefined)
    return `expected a file a tag loads (${SERVED_FILE_TYPE_LIST}); other types could open as a page on the server's origin`;
  return undefined;
}
