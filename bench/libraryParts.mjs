#!/usr/bin/env -S npx tsx
// What the pc-marketing production library is made of: the library's gzip -9 size, then each
// part gzipped on its own (so the parts add up to more than the whole): the engine, each
// extension's entry in the container (its module scripts and settings), the rules and the
// data elements, written as the builder writes them into the file.
// Run: node scripts/build.mjs && npx tsx bench/libraryParts.mjs
import { gzipSync } from "node:zlib";
import buildContainer from "../packages/builder/src/buildContainer.ts";
import buildLibrary from "../packages/builder/src/buildLibrary.ts";
import { toSource } from "../packages/builder/src/JsCode.ts";
import { engineScript } from "../packages/builder/src/moduleScripts.ts";
import { ENVIRONMENTS, propertyDocument } from "../properties/pc-marketing/src/index.ts";

// The same options as properties/pc-marketing/build.mjs, so the library is its dist file.
const options = {
  environmentId: ENVIRONMENTS.production,
  buildDate: "2025-03-26T00:00:00.000Z",
  minify: true,
};
const gz = (text) => gzipSync(text, { level: 9 }).length;
const fmt = (n) => n.toLocaleString("en-US");
const modules = (n) => `${n} module${n === 1 ? "" : "s"}`;

const library = await buildLibrary(propertyDocument, options);
const environment = propertyDocument.environments.find((e) => e.id === options.environmentId);
const container = await buildContainer(propertyDocument, environment, {
  ...options,
  transform: true,
});
const rows = [
  ["engine", gz(await engineScript())],
  ...Object.entries(container.extensions).map(([name, extension]) => [
    `extension \`${name}\` (${modules(Object.keys(extension.modules).length)} and settings)`,
    gz(toSource(extension)),
  ]),
  [`rules (${container.rules.length})`, gz(toSource(container.rules))],
  [
    `data elements (${Object.keys(container.dataElements).length})`,
    gz(toSource(container.dataElements)),
  ],
];
console.log(
  `pc-marketing production library: ${fmt(library.bytes)} B, ${fmt(library.gzipBytes)} B gzip -9` +
    ` (${propertyDocument.rules.length} rules, ${propertyDocument.dataElements.length} data elements)\n`,
);
console.log("| part | gzip -9 B |\n|---|---:|");
for (const [part, bytes] of rows) console.log(`| ${part} | ${fmt(bytes)} |`);
