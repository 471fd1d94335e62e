import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { initialScripts } from "./size.mjs";

describe("initialScripts", () => {
  test("counts module scripts and modulepreloads, not lazy chunks or stylesheets", () => {
    const dir = mkdtempSync(join(tmpdir(), "size-"));
    mkdirSync(join(dir, "assets"));
    const html = `<!doctype html><head>
      <script type="module" crossorigin src="/studio/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/studio/assets/vendor-b.js">
      <link rel="stylesheet" href="/studio/assets/index-c.css">
    </head>`;
    writeFileSync(join(dir, "index.html"), html);
    expect(initialScripts(join(dir, "index.html"))).toEqual([
      join(dir, "assets/index-a.js"),
      join(dir, "assets/vendor-b.js"),
    ]);
  });
});
