#!/usr/bin/env -S npx tsx
// Where a Visitor instance's start goes on a repeat visit, step by step: the built identity
// service (packages/identity/dist/identity.min.js) with `performance.now()` marks put between
// its steps, on a page that is cross-origin isolated so the clock has 5 µs steps (Chromium
// coarsens it to 100 µs otherwise). Each load is a fresh browser context; the AMCV cookie of a
// first visit (MID, today's MCIDTS, audience fields) is set, then the page is loaded again and
// `Visitor.getInstance` runs as the ECID extension calls it when the library loads: the code
// is cold, and its cookie read is the page's first. The file carries the compile hint, as the
// libraries the builder makes do, so no step pays for lazy compiling. Wall-clock medians of
// the loads, per step.
// The marks are exact text replacements in the minified file: a build they no longer fit
// stops with the text that is missing.
// Run: node packages/identity/build.mjs && npx tsx bench/identity-start.mjs [loads] (default 31)
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { COMPILE_HINT } from "../packages/builder/src/buildLibrary.ts";
import { launchOptions } from "../e2e/chromium.ts";
import { repoRoot } from "../e2e/startServer.ts";
import { holdBenchLock } from "./benchLock.mjs";
import { median } from "./server/lib.mjs";

const LOADS = Number(process.argv[2] ?? 31);
const ORG = "5LIFTOFF0PCMARKETING0001@AdobeOrg";

const mark = (name) => `__marks.push([${JSON.stringify(name)},performance.now()])`;
// [find, replace] in order of the steps they end.
const MARKS = [
  [
    "let m=me(c,n),",
    `${mark("getInstance: org checks")};let m=me(c,n);${mark("normalizeConfig")};let `,
  ],
  [
    'y=t.optIn??(t.optIn=q(m,V(e.document,{}),C=>n("A callback threw",C)));',
    `y=t.optIn??(t.optIn=q(m,V(e.document,{}),C=>n("A callback threw",C)));${mark("adobe.optIn created")};`,
  ],
  [
    'Ye=B(t.serverState,o),Te=a.read(c);Te&&(_=Ue(Te,T(),a.read(l)==="1"));',
    `Ye=(${mark("instance: closures and methods")},B(t.serverState,o)),Te=a.read(c);${mark("AMCV read (the page's first cookie read)")};Te&&(_=(r=>(${mark("AMCVS read")},Ue(Te,T(),r)))(a.read(l)==="1"));${mark("AMCV parsed")};`,
  ],
  ["_e(Ye);let Me=", `_e(Ye);${mark("adobe_mc and adobe_mc_sdid read from the URL")};let Me=`],
  [
    'function be(){!E()||u==="NONE"||(a.write(l,"1",void 0,t.cookieDomain),',
    `function be(){${mark("the /id call found not due")};!E()||u==="NONE"||(a.write(l,"1",void 0,t.cookieDomain),${mark("AMCVS written")},`,
  ],
  [
    'return Me(),n.on("complete",Me),Ee}',
    `return Me(),${mark("AMCV serialised and written")},n.on("complete",Me),Ee}`,
  ],
];

function markedLibrary() {
  let code = readFileSync(join(repoRoot, "packages/identity/dist/identity.min.js"), "utf8");
  for (const [find, replace] of MARKS) {
    const count = code.split(find).length - 1;
    if (count !== 1)
      throw new Error(`identity-start: ${JSON.stringify(find)} occurs ${count} times`);
    code = code.replace(find, () => replace);
  }
  return COMPILE_HINT + code;
}

const amcv = () =>
  `AMCV_${encodeURIComponent(ORG)}=${encodeURIComponent(
    `179643557|MCIDTS|${Math.floor(Date.now() / 86_400_000)}|MCMID|12345678901234567890123456789012345678|MCAAMLH-1895883652|9|MCAAMB-1895883652|RKhpRz8krg2tLO6pguXWp5olkAcUniQYPHaMWWgdJ3xzPWQmdj0y|vVersion|5.5.0`,
  )}; path=/; max-age=600`;

const page = `<!doctype html><html><head><script>window.__marks=[];</script><script src="/identity.js"></script><script>
${mark("start")};
Visitor.getInstance(${JSON.stringify(ORG)}, { marketingCloudServer: "127.0.0.1:9", loadTimeout: 3000 });
${mark("returned")};
</script></head><body>identity start</body></html>`;

async function main() {
  await holdBenchLock();
  const library = markedLibrary();
  // Cross-origin isolated: performance.now() then has 5 µs steps.
  const headers = {
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-embedder-policy": "require-corp",
  };
  const server = createServer((req, res) => {
    const script = req.url === "/identity.js";
    res.writeHead(200, { ...headers, "content-type": script ? "text/javascript" : "text/html" });
    res.end(script ? library : page);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch(launchOptions);
  const steps = new Map();
  try {
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(url);
      await tab.evaluate((cookie) => (document.cookie = cookie), amcv());
      await tab.goto(url);
      const [isolated, marks] = await tab.evaluate(() => [crossOriginIsolated, window.__marks]);
      if (!isolated) throw new Error("identity-start: the page is not cross-origin isolated");
      for (let k = 1; k < marks.length; k++) {
        const [name, at] = marks[k];
        if (!steps.has(name)) steps.set(name, []);
        steps.get(name).push(at - marks[k - 1][1]);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`Visitor.getInstance on a repeat visit, ${LOADS} loads, wall-clock medians (ms):`);
  console.log("| step (ends at) | ms |\n|---|---:|");
  let sum = 0;
  for (const [name, list] of steps) {
    sum += median(list);
    console.log(`| ${name} | ${median(list).toFixed(3)} |`);
  }
  console.log(`| sum of the medians | ${sum.toFixed(3)} |`);
}

await main();
