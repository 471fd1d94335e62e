/**
 * A downloaded Launch build (library, `RC…-source.js` files, `hostedLibFiles/…`) standing in
 * for Adobe's CDN while the original runs: a request is answered from the folder when a file
 * there has the same name as the URL's last segment, preferring the copy whose folders match
 * more of the URL's path (the builder's `folderFileFor`, the rule the import uses). The folder is listed once, bounded in depth and count.
 */
import { readdirSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { folderFileFor } from "@liftoff/builder";

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

export default function openBuildFolder(dir: string): BuildFolder {
  const files = listFiles(dir);
  const libraries = files.filter((f) => /^launch-[^/]*\.js$/.test(basename(f)));
  const readable = libraries.filter((f) => !f.endsWith(".min.js") || libraries.length === 1);
  return {
    library: readable.length === 1 ? join(dir, readable[0]!) : undefined,
    find(url) {
      let name: string | undefined;
      try {
        name = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
      } catch {
        return undefined;
      }
      // The import's own rule, so the original is answered with the file the rebuild carries.
      const file = name ? folderFileFor(files, url, name) : undefined;
      return file === undefined ? undefined : join(dir, file);
    },
  };
}
