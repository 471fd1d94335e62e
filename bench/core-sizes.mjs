#!/usr/bin/env -S npx tsx
// Core extension sizes: every module script as build.mjs emits it (minified bytes and
// gzip -9 bytes), and what the "typical" module set adds to a library on top of the runtime
// engine (issue bar: ≤ 7,000 B gzip -9; Launch Core for the same set: about 10,500 B).
//
// "Adds" = gzip -9 of (container with those modules + runtime) minus gzip -9 of (the same
// container with no Core modules + runtime), so module paths, names and wrappers count too.
// Run: npx tsx bench/core-sizes.mjs   (prints Markdown tables for bench/RESULTS.md)
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { buildModule, buildModules, modulePaths, sharedHelpers } from "../packages/core/build.mjs";

import { manifest } from "../packages/core/src/manifest.ts";
const runtime = readFileSync(
  new URL("../packages/runtime/dist/runtime.min.js", import.meta.url),
  "utf8",
);
const gz = (text) => gzipSync(text, { level: 9 }).length;
const fmt = (n) => n.toLocaleString("en-US");

const lib = "core/src/lib";
export const typical = [
  ...[
    "libraryLoaded",
    "pageBottom",
    "domReady",
    "windowLoaded",
    "click",
    "directCall",
    "customEvent",
    "historyChange",
  ].map((f) => `${lib}/events/${f}.js`),
  ...["path", "valueComparison", "customCode", "domain", "queryStringParameter", "cookie"].map(
    (f) => `${lib}/conditions/${f}.js`,
  ),
  ...["customCode", "directCall"].map((f) => `${lib}/actions/${f}.js`),
  ...[
    "javascriptVariable",
    "cookie",
    "queryStringParameter",
    "pageInfo",
    "domAttribute",
    "customCode",
    "constant",
    "localStorage",
  ].map((f) => `${lib}/dataElements/${f}.js`),
];

const names = Object.fromEntries(
  manifest.map((m) => [m.path, { name: m.name, displayName: m.displayName }]),
);

/** A library as Launch lays it out, with the given Core modules and no rules. */
function library(modules) {
  const entries = Object.entries(modules).map(([path, m]) => {
    const meta = m.name
      ? `name:${JSON.stringify(m.name)},displayName:${JSON.stringify(m.displayName)},`
      : "";
    return `${JSON.stringify(path)}:{${meta}script:${m.script}}`;
  });
  const container = `{company:{orgId:"ABCDEF0123456789ABCDEF01@AdobeOrg",dynamicCdnEnabled:false},property:{name:"P",id:"PR0123456789abcdef0123456789abcdef",settings:{domains:[],undefinedVarsReturnEmpty:false,ruleComponentSequencingEnabled:false}},buildInfo:{minified:true},environment:{id:"EN0123456789abcdef0123456789abcdef",stage:"production"},rules:[],dataElements:{},extensions:{core:{displayName:"Core",modules:{${entries.join(",")}}}}}`;
  return `window._satellite=window._satellite||{};window._satellite.container=${container};\n${runtime}`;
}

const rows = [];
for (const path of [...modulePaths(), ...sharedHelpers]) {
  const { script } = await buildModule(path);
  rows.push([path.replace(`${lib}/`, ""), script.length, gz(script)]);
}

const base = library({});
const withTypical = library(await buildModules(typical, (p) => names[p] ?? {}));
const withAll = library(await buildModules(modulePaths(), (p) => names[p] ?? {}));

console.log(
  `Command: \`npx tsx bench/core-sizes.mjs\` (${new Date().toISOString().slice(0, 10)}).\n`,
);
console.log(
  "| library (runtime + container, no rules) | minified B | gzip -9 B | added by Core, gzip -9 B |",
);
console.log("|---|---:|---:|---:|");
console.log(`| runtime + no Core modules | ${fmt(base.length)} | ${fmt(gz(base))} | – |`);
console.log(
  `| runtime + typical set (${typical.length} modules + lifecycle helper) | ${fmt(withTypical.length)} | ${fmt(gz(withTypical))} | **${fmt(gz(withTypical) - gz(base))}** (bar ≤ 7,000; Launch Core ≈ 10,500) |`,
);
console.log(
  `| runtime + every module (${modulePaths().length} + ${sharedHelpers.length} helpers) | ${fmt(withAll.length)} | ${fmt(gz(withAll))} | ${fmt(gz(withAll) - gz(base))} |`,
);
console.log(
  "\nPer module (each script alone, as build.mjs emits it; gzip of one small file overstates its share of a library):\n",
);
console.log("| module | minified B | gzip -9 B |");
console.log("|---|---:|---:|");
for (const [path, min, g] of rows) console.log(`| \`${path}\` | ${fmt(min)} | ${fmt(g)} |`);
