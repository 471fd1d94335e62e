#!/usr/bin/env node
// The size gate (ARCHITECTURE.md §7): builds the browser artifacts, measures each with
// `gzip -9` and compares it with bench/budgets.json. `--write` also refreshes the table in
// bench/RESULTS.md. Exits non-zero when an artifact is over budget or missing.
// The runtime engine's budget is 5,300 B with the preview switch (packages/runtime/src/
// switchToPreview.ts, docs/preview.md) included: 5,000 B, 200 B for the switch (issue 19),
// 100 B more for faster per-event work (issue 22; bench/RESULTS.md, "Runtime engine"). The
// "growth" row gates the switch itself: the spec property's production library against the
// same file with the engine built without the switch (issue 19's bar: at most 150 B gzip -9).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { buildAll } from "./build.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** gzip -9 byte count, as `gzip -9 < file | wc -c` prints it. */
export function gzipSize(file) {
  try {
    return execFileSync("gzip", ["-9", "-c", "-n", file], { maxBuffer: 1 << 28 }).length;
  } catch {
    return gzipSync(readFileSync(file), { level: 9 }).length;
  }
}

/**
 * The JavaScript an HTML page loads before anything lazy: its module scripts and
 * modulepreloads, as files beside the page (`/studio/assets/x.js` → `dist/assets/x.js`).
 */
export function initialScripts(htmlFile) {
  const html = readFileSync(htmlFile, "utf8");
  const refs = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]);
  return refs.map((ref) => join(dirname(htmlFile), "assets", ref.split("/assets/")[1] ?? ref));
}

/** gzip -9 byte count of text. */
function gzipText(text) {
  try {
    return execFileSync("gzip", ["-9", "-c", "-n"], { input: text, maxBuffer: 1 << 28 }).length;
  } catch {
    return gzipSync(text, { level: 9 }).length;
  }
}

/** What `a.file` grows by with `a.engine` in place of `a.without` at its end. */
function growth(a, file) {
  const text = readFileSync(file, "utf8");
  const engine = readFileSync(join(root, a.engine), "utf8");
  if (!text.endsWith(engine)) throw new Error(`${a.file} does not end with ${a.engine}`);
  const without =
    text.slice(0, text.length - engine.length) + readFileSync(join(root, a.without), "utf8");
  return {
    bytes: gzipText(text) - gzipText(without),
    raw: Buffer.byteLength(text) - Buffer.byteLength(without),
  };
}

function sizes(a, file) {
  if (a.entry === "growth") return growth(a, file);
  if (a.entry !== "html") return { bytes: gzipSize(file), raw: readFileSync(file).length };
  const files = initialScripts(file);
  if (files.length === 0) throw new Error(`${a.file} loads no script`);
  let bytes = 0;
  let raw = 0;
  for (const f of files) {
    bytes += gzipSize(f);
    raw += readFileSync(f).length;
  }
  return { bytes, raw };
}

/** @returns {{name:string,file:string,budget:number,reference:string,bytes?:number,raw?:number,status:"ok"|"over"|"missing"|"pending",note?:string}[]} */
export function measure() {
  const { artifacts } = JSON.parse(readFileSync(join(root, "bench/budgets.json"), "utf8"));
  return artifacts.map((a) => {
    const file = join(root, a.file);
    if (!existsSync(file))
      return { ...a, status: a.pending ? "pending" : "missing", note: a.pending };
    const { bytes, raw } = sizes(a, file);
    return { ...a, bytes, raw, status: bytes <= a.budget ? "ok" : "over" };
  });
}

const fmt = (n) => (n === undefined ? "–" : n.toLocaleString("en-US"));

export function table(rows) {
  const lines = [
    "| artifact | file | minified B | gzip -9 B | budget B | reference | status |",
    "|---|---|---:|---:|---:|---|---|",
  ];
  for (const r of rows) {
    const status = r.status === "pending" ? `pending: ${r.note}` : r.status;
    lines.push(
      `| ${r.name} | \`${r.file}\` | ${fmt(r.raw)} | ${fmt(r.bytes)} | ${fmt(r.budget)} | ${r.reference} | ${status} |`,
    );
  }
  return lines.join("\n");
}

function writeResults(rows) {
  const file = join(root, "bench/RESULTS.md");
  const text = readFileSync(file, "utf8");
  const start = "<!-- size:start -->";
  const end = "<!-- size:end -->";
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < 0) throw new Error("bench/RESULTS.md lacks the size markers");
  const block = `${start}\n${table(rows)}\n${end}`;
  writeFileSync(file, text.slice(0, i) + block + text.slice(j + end.length));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv.includes("--no-build")) await buildAll({ log: () => {} });
  const rows = measure();
  console.log(table(rows));
  if (process.argv.includes("--write")) writeResults(rows);
  const bad = rows.filter((r) => r.status === "over" || r.status === "missing");
  for (const r of bad)
    console.error(
      `size: ${r.name} ${r.status === "over" ? `is ${r.bytes} B, over its ${r.budget} B budget` : `is missing (${r.file})`}`,
    );
  process.exit(bad.length > 0 ? 1 : 0);
}
