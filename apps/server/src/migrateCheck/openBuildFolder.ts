/**
 * A downloaded Launch build (library, `RC…-source.js` files, `hostedLibFiles/…`) standing in
 * for Adobe's CDN while the original runs: a request is answered from the folder when a file
 * there has the same name as the URL's last segment, preferring the copy whose folders match
 * more of the URL's path. The folder is listed once, bounded in depth and count.
 */
import { readdirSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";

const MAX_FILES = 10_000;
const MAX_DEPTH = 16;

export interface BuildFolder {
  /** The library: the one `launch-*.js`, the readable copy when a `.min.js` twin is there. */
  library: string | undefined;
  /** The file answering a request URL, or undefined. */
  find(url: string): string | undefined;
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string, depth: number) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory() && depth < MAX_DEPTH) walk(path, depth + 1);
      else if (entry.isFile()) out.push(relative(dir, path).split(sep).join("/"));
      if (out.length > MAX_FILES)
        throw new Error(`${dir}: more than ${MAX_FILES} files; is this a Launch build folder?`);
    }
  };
  walk(dir, 0);
  return out.sort();
}

/** How many trailing folders of `file` match the folders of the URL's path. */
function matchingTail(file: string, path: string[]): number {
  const folders = file.split("/").slice(0, -1);
  const urlFolders = path.slice(0, -1);
  let n = 0;
  while (
    n < folders.length &&
    n < urlFolders.length &&
    folders.at(-1 - n) === urlFolders.at(-1 - n)
  )
    n++;
  return n;
}

export default function openBuildFolder(dir: string): BuildFolder {
  const files = listFiles(dir);
  const libraries = files.filter((f) => /^launch-[^/]*\.js$/.test(basename(f)));
  const readable = libraries.filter((f) => !f.endsWith(".min.js") || libraries.length === 1);
  return {
    library: readable.length === 1 ? join(dir, readable[0]!) : undefined,
    find(url) {
      let path: string[];
      try {
        path = new URL(url).pathname.split("/").filter(Boolean).map(decodeURIComponent);
      } catch {
        return undefined;
      }
      const name = path.at(-1);
      if (!name) return undefined;
      const candidates = files.filter((f) => basename(f) === name);
      candidates.sort((a, b) => matchingTail(b, path) - matchingTail(a, path));
      return candidates[0] === undefined ? undefined : join(dir, candidates[0]);
    },
  };
}
