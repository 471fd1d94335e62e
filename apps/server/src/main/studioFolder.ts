import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";

/**
 * The folder of the built studio: the `dist/` of the installed `@liftoff/studio` package,
 * resolved like any dependency (from the server's sources in the repository, from its bundle
 * in an install). Undefined when the studio is not installed or not built.
 */
export default function studioFolder(): string | undefined {
  try {
    const index = createRequire(import.meta.url).resolve("@liftoff/studio/dist/index.html");
    return existsSync(index) ? dirname(index) : undefined;
  } catch {
    return undefined;
  }
}
