// Builds the studio with Vite into dist/ (served by `liftoff serve` at /studio/).
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build as viteBuild } from "vite";

const here = dirname(fileURLToPath(import.meta.url));
export const outputs = ["dist/index.html"];

export async function build() {
  await viteBuild({ root: here, configFile: join(here, "vite.config.ts"), logLevel: "warn" });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
