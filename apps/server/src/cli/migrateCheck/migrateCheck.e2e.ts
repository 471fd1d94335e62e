/**
 * `liftoff migrate-check` in real Chromium on the corpus (packages/builder/test/migrate-corpus):
 * build folders of our own code shaped like Launch development builds, with Adobe's turbine
 * 28.1.0 as the original's engine. The generated page is used, served on a free port.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { expect, test } from "@playwright/test";
import assembleCorpus from "../../../../../packages/builder/test/migrate-corpus/assembleCorpus.ts";
import migrateCheck from "./migrateCheck.ts";

let dir: string;
let corpus: ReturnType<typeof assembleCorpus>;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "liftoff-migrate-check-"));
  corpus = assembleCorpus(dir);
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await migrateCheck(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

test("a Core-only library and its rebuild agree on every measure", async () => {
  test.setTimeout(90_000);
  const result = await run(corpus["core-only"].folder);
  expect(result.err).toBe("");
  expect(result.out).toMatch(/rules fired\s+9\s+9\s+agree/);
  expect(result.out).toMatch(/requests\s+9\s+9\s+agree/);
  expect(result.out).toContain("5 measures, 5 agree, 0 differ");
  expect(result.code).toBe(0);
});

test("an original whose direct-call event never fires differs from the rebuild", async () => {
  test.setTimeout(90_000);
  // The original's own Core ignores _satellite.track; the rebuild runs Liftoff's Core, which
  // does not: the rule fires on one side only, and the table must say so.
  const text = readFileSync(corpus["core-only"].library, "utf8");
  const muted = text.replace(
    "trigger({ identifier: identifier, detail: detail });",
    "void trigger;",
  );
  expect(muted).not.toBe(text);
  const altered = join(dir, "altered", basename(corpus["core-only"].library));
  mkdirSync(dirname(altered), { recursive: true });
  writeFileSync(altered, muted);
  const table = await run(altered);
  expect(table.code).toBe(1);
  expect(table.out).toContain(
    'rules fired      8            9            differ: #9: original (none), rebuild "Direct Call - video start"',
  );
  expect(table.out).toMatch(
    /requests\s+8\s+9\s+differ: only in rebuild: "collect\.acme-insurance\.test\/video"/,
  );
  expect(table.out).toMatch(/5 measures, 3 agree, 2 differ$/);
  const json = await run(altered, "--json");
  expect(json.code).toBe(1);
  const report = JSON.parse(json.out) as {
    measures: number;
    differ: number;
    pages: { measures: { name: string; agree: boolean; rebuild: string[] }[] }[];
  };
  expect(report).toMatchObject({ measures: 5, differ: 2 });
  const rules = report.pages[0]!.measures.find((m) => m.name === "rules fired")!;
  expect(rules.agree).toBe(false);
  expect(rules.rebuild.at(-1)).toBe("Direct Call - video start");
});

test("--page: the library a real page embeds is answered with each library", async () => {
  test.setTimeout(90_000);
  // The page embeds the library from Launch's CDN, as a site does; no request leaves Chromium.
  const embed = `https://assets.adobedtm.com/5e6f7a8b9c0d/${basename(corpus["core-only"].library)}`;
  const server = createServer((request, response) => {
    response.writeHead(request.url === "/products/" ? 200 : 404, {
      "content-type": "text/html; charset=utf-8",
    });
    response.end(
      `<!doctype html><title>Products | Acme</title><script src="${embed}" async></script>` +
        `<a class="nav-link" href="/quote">Quote</a><button id="signup">Sign up</button>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const page = `http://127.0.0.1:${(server.address() as AddressInfo).port}/products/`;
    const result = await run(corpus["core-only"].library, "--page", page);
    expect(result.out).toContain(`page ${page}\n`);
    expect(result.out).toMatch(/library\s+library ran\s+library ran\s+agree/);
    // Page load, early load, nav link, signup, virtual page view, direct call; no form, no scroll.
    expect(result.out).toMatch(/rules fired\s+6\s+6\s+agree/);
    expect(result.out).toContain("5 measures, 5 agree, 0 differ");
    expect(result.code).toBe(0);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

// The whole of issue 20 on one property: per-stage extension settings passed through,
// buildInfo kept (the beacon's version code), a development build unminified (survey.js, not
// survey.min.js), the build folder's files carried, and adobe-mcid answered by identity.
test("the survey corpus round-trips with full agreement", async () => {
  test.setTimeout(90_000);
  const result = await run(corpus["acme-survey"].folder, "--json");
  expect(result.err).toBe("");
  const report = JSON.parse(result.out) as {
    agree: number;
    differ: number;
    pages: { measures: { name: string; agree: boolean; original: string[] }[] }[];
  };
  const measures = report.pages[0]!.measures;
  expect(measures.filter((m) => !m.agree)).toEqual([]);
  expect(report).toMatchObject({ agree: 5, differ: 0 });
  const requests = measures.find((m) => m.name === "requests")!.original;
  expect(requests).toEqual(
    expect.arrayContaining([
      "library file survey.js",
      "library file (external custom code)",
      "collect.acme-survey.test/rc/survey-link",
      "collect.acme-survey.test/b/acmedev,acmeqa/JS-1.4.0-P26/page/v",
    ]),
  );
  expect(measures.find((m) => m.name === "rules fired")!.original).toHaveLength(8);
  expect(result.code).toBe(0);
});

// A library given alone: with --fetch the rebuild downloads the files its container names and
// carries them, as `liftoff import --fetch` does. Adobe's CDN is played by a local server.
test("--fetch: the rebuild carries the files a lone library names", async () => {
  test.setTimeout(120_000);
  const folder = corpus["acme-survey"].folder;
  const served = new Map<string, string>([
    ["/5e6f7a8b9c0d/1a2b3c4d5e6f/2b3c4d5e6f7a/", folder],
    [
      "/extensions/EP7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b/",
      join(folder, "hostedLibFiles/EP7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b"),
    ],
  ]);
  const hits: { path: string; fromBrowser: boolean }[] = [];
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    hits.push({ path, fromBrowser: /Chrome/.test(request.headers["user-agent"] ?? "") });
    const base = [...served.keys()].find((b) => path.startsWith(b));
    let body: string | undefined;
    try {
      // The external code names its own URL when it registers, so it moves with the host.
      body =
        base &&
        readFileSync(join(served.get(base)!, path.slice(base.length)), "utf8").replaceAll(
          "https://assets.adobedtm.com/",
          origin(),
        );
    } catch {
      body = undefined;
    }
    response.writeHead(body === undefined ? 404 : 200, {
      "content-type": "text/javascript; charset=utf-8",
      "access-control-allow-origin": "*",
    });
    response.end(body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const lone = join(dir, "lone", basename(corpus["acme-survey"].library));
    mkdirSync(dirname(lone), { recursive: true });
    const text = readFileSync(corpus["acme-survey"].library, "utf8");
    writeFileSync(lone, text.replaceAll("https://assets.adobedtm.com/", origin()));

    const fetched = await run(lone, "--fetch", "--json");
    expect(fetched.err).toBe("");
    const report = JSON.parse(fetched.out) as {
      differ: number;
      pages: { measures: { name: string; original: string[]; rebuild: string[] }[] }[];
    };
    expect(report.differ).toBe(0);
    const requests = report.pages[0]!.measures.find((m) => m.name === "requests")!;
    expect(requests.rebuild).toEqual(
      expect.arrayContaining(["library file survey.js", "library file (external custom code)"]),
    );
    // The import downloaded each file once; in Chromium only the original asked this host.
    const surveyHits = hits.filter((h) => h.path.endsWith("/survey.js"));
    expect(surveyHits.filter((h) => !h.fromBrowser)).toHaveLength(1);
    expect(surveyHits.filter((h) => h.fromBrowser)).toHaveLength(1);
    expect(fetched.code).toBe(0);

    // Without --fetch the files stay at their URLs, which validation refuses to build.
    const left = await run(lone);
    expect(left.code).toBe(1);
    expect(left.err).toContain("the rebuild is refused");
    expect(left.err).toContain("external custom code is still loaded from http://127.0.0.1:");

    // With --fetch and a host that answers 404, the refusal says what the download met.
    served.clear();
    const failed = await run(lone, "--fetch");
    expect(failed.code).toBe(1);
    expect(failed.err).toContain("the rebuild is refused");
    expect(failed.err).toMatch(
      /fetch failed: GET http:\/\/127\.0\.0\.1:\d+\/\S+-source(\.min)?\.js: /,
    );
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

// A self-hosted build: the container names its RC files and an extension's hosted folder by
// site-relative paths, which the original resolves on the page's site (answered from the
// folder) and the rebuild carries beside its library.
test("a self-hosted build's site-relative files round-trip with full agreement", async () => {
  test.setTimeout(90_000);
  const result = await run(corpus["self-hosted"].folder, "--json");
  expect(result.err).toBe("");
  const report = JSON.parse(result.out) as {
    agree: number;
    differ: number;
    pages: { measures: { name: string; agree: boolean; original: string[] }[] }[];
  };
  const measures = report.pages[0]!.measures;
  expect(measures.filter((m) => !m.agree)).toEqual([]);
  expect(report).toMatchObject({ agree: 5, differ: 0 });
  const requests = measures.find((m) => m.name === "requests")!.original;
  expect(requests.filter((r) => r === "library file (external custom code)")).toHaveLength(3);
  expect(requests).toEqual(
    expect.arrayContaining([
      "library file widget.js",
      "collect.selfhosted.test/rc/js/core.library-loaded",
      "collect.selfhosted.test/rc/global/global",
      "collect.selfhosted.test/rc/html/footer",
      "collect.selfhosted.test/widget/trail-finder",
    ]),
  );
  expect(requests).not.toContain("collect.selfhosted.test/rc/stale");
  expect(result.code).toBe(0);

  // Alone, the library's paths name no host to fetch from: the rebuild is refused, naming them.
  const lone = join(dir, "lone-self-hosted", basename(corpus["self-hosted"].library));
  mkdirSync(dirname(lone), { recursive: true });
  writeFileSync(lone, readFileSync(corpus["self-hosted"].library, "utf8"));
  const refused = await run(lone, "--fetch");
  expect(refused.code).toBe(1);
  expect(refused.err).toContain("the rebuild is refused");
  expect(refused.err).toContain(
    "external custom code is loaded from /launch/7c8d9e0f/3b4c5d6e/RC1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e-source.min.js, a site-relative path of a self-hosted build; import the build folder that holds the file",
  );
});

// A Web SDK property with click collection left on (alloy's default): the original's link
// clicks reach the edge as link-click events, and so must the rebuild's. The stand-in answers
// the edge, so the first request (to adobedc.demdex.net, third-party cookies on) gets an
// identity and the clicks after it go out as collect beacons, on both runs.
test("a Web SDK property's automatic link clicks round-trip with full agreement", async () => {
  test.setTimeout(90_000);
  const result = await run(corpus["web-sdk-clicks"].folder, "--json");
  expect(result.err).toBe("");
  const report = JSON.parse(result.out) as {
    agree: number;
    differ: number;
    pages: {
      standIn?: string[];
      measures: { name: string; agree: boolean; original: string[] }[];
    }[];
  };
  const [page] = report.pages;
  expect(page!.measures.filter((m) => !m.agree)).toEqual([]);
  expect(report).toMatchObject({ agree: 5, differ: 0 });
  expect(page!.standIn).toEqual(["adobedc.demdex.net", "edge.adobedc.net"]);
  const requests = page!.measures.find((m) => m.name === "requests")!.original;
  expect(requests).toContain("adobedc.demdex.net/ee/v1/interact");
  expect(
    requests.filter((r) => /^edge\.adobedc\.net\/ee\/.*v1\/collect$/.test(r)).length,
  ).toBeGreaterThan(0);
  expect(result.code).toBe(0);
});

// An Audience Manager property: DIL refuses a Visitor instance without publishDestinations.
// The import maps Adobe's ECID service onto Liftoff's identity, and the rebuild carries the
// publishDestinations part because the property's code calls it: the hit and the URL
// destination leave on both runs.
test("an Audience Manager property's DIL hit and destinations round-trip with full agreement", async () => {
  test.setTimeout(90_000);
  const result = await run(corpus["audience-manager"].folder, "--json");
  expect(result.err).toBe("");
  const report = JSON.parse(result.out) as {
    agree: number;
    pages: { measures: { name: string; agree: boolean; original: string[] }[] }[];
  };
  const measures = report.pages[0]!.measures;
  expect(measures.filter((m) => !m.agree)).toEqual([]);
  expect(measures.find((m) => m.name === "rules fired")!.original).toEqual([
    "All Pages - Audience Manager",
  ]);
  expect(measures.find((m) => m.name === "requests")!.original).toEqual(
    expect.arrayContaining(["acmeinsurance.demdex.net/event", "dest.acme-insurance.test/segment"]),
  );
  expect(result.code).toBe(0);
});

/** A local site: path → page HTML (anything else 404), and its origin once listening. */
async function startSite(pages: Record<string, string>) {
  const server = createServer((request, response) => {
    const html = pages[new URL(request.url ?? "/", "http://site").pathname];
    response.writeHead(html === undefined ? 404 : 200, {
      "content-type": "text/html; charset=utf-8",
    });
    response.end(html ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// Adobe's hosts are answered by the stand-in on both runs: the Web SDK's edge by Liftoff's
// edge (an identity in the answer), the ID service's /id by Liftoff's (a 38-digit MID), an
// Analytics beacon with a GIF. What the page does with each answer is a request of its own to
// a host no one answers, so the requests measure shows that the answers came.
test("Adobe's collection and identity hosts are answered by the stand-in on both runs", async () => {
  test.setTimeout(90_000);
  const embed = `https://assets.adobedtm.com/5e6f7a8b9c0d/${basename(corpus["core-only"].library)}`;
  const page = `<!doctype html><title>Home</title><script src="${embed}"></script>
<script>
var mark = function (what) { new Image().src = "https://collect.acme-home.test/" + what; };
fetch("https://edge.adobedc.net/ee/v1/interact?configId=a1b2c3d4-0000-4000-8000-000000000001&requestId=" + crypto.randomUUID(), {
  method: "POST", credentials: "include", headers: { "Content-Type": "text/plain; charset=UTF-8" },
  body: JSON.stringify({ events: [{ xdm: { eventType: "web.webpagedetails.pageViews", timestamp: new Date().toISOString() } }],
    meta: { state: { domain: "", cookiesEnabled: true } } })
}).then(function (r) { return r.json(); }).then(function (body) {
  mark((body.handle || []).some(function (h) { return h.type === "identity:result"; }) ? "edge-identity" : "edge-no-identity");
}, function () { mark("edge-failed"); });
fetch("https://dpm.demdex.net/id?d_visid_ver=5.5.0&d_fieldgroup=MC&d_rtbd=json&d_ver=2&d_orgid=1A2B3C4D5E6F7A8B9C0D1E2F%40AdobeOrg&d_nsid=0", { credentials: "include" })
  .then(function (r) { return r.json(); })
  .then(function (body) { mark(/^[0-9]{38}$/.test(body.d_mid) ? "id-mid" : "id-no-mid"); }, function () { mark("id-failed"); });
var beacon = new Image();
beacon.onload = function () { mark("beacon-gif"); };
beacon.onerror = function () { mark("beacon-failed"); };
beacon.src = "https://acmeinsurance.sc.omtrdc.net/b/ss/acmeprod/1/JS-2.22.0/s12345678901234";
</script>`;
  const site = await startSite({ "/": page });
  try {
    const result = await run(corpus["core-only"].library, "--page", `${site.origin}/`, "--json");
    expect(result.err).toBe("");
    const report = JSON.parse(result.out) as {
      pages: {
        standIn?: string[];
        measures: { name: string; original: string[]; rebuild: string[] }[];
      }[];
    };
    const [checked] = report.pages;
    expect(checked!.standIn).toEqual([
      "acmeinsurance.sc.omtrdc.net",
      "dpm.demdex.net",
      "edge.adobedc.net",
    ]);
    const requests = checked!.measures.find((m) => m.name === "requests")!;
    for (const side of [requests.original, requests.rebuild])
      expect(side).toEqual(
        expect.arrayContaining([
          "collect.acme-home.test/edge-identity",
          "collect.acme-home.test/id-mid",
          "collect.acme-home.test/beacon-gif",
          "acmeinsurance.sc.omtrdc.net/b/ss/acmeprod/1/JS-2.22.0/s#",
        ]),
      );
    const text = await run(corpus["core-only"].library, "--page", `${site.origin}/`);
    expect(text.out).toContain(
      "answered by the stand-in for Adobe's servers: acmeinsurance.sc.omtrdc.net, dpm.demdex.net, edge.adobedc.net",
    );
  } finally {
    await site.close();
  }
});

test("--pages N follows same-origin links breadth first, a summary line per page", async () => {
  test.setTimeout(150_000);
  const embed = `https://assets.adobedtm.com/5e6f7a8b9c0d/${basename(corpus["core-only"].library)}`;
  const page = (title: string, links: string) =>
    `<!doctype html><title>${title}</title><script src="${embed}"></script>${links}`;
  const site = await startSite({
    "/": page(
      "Home",
      `<a href="/auto#top">Auto</a><a href="/brochure.pdf">PDF</a><a href="https://elsewhere.test/">Away</a><a href="/home">Home</a>`,
    ),
    "/auto": page("Auto", `<a href="/">Back</a><a href="/auto/quote">Quote</a>`),
    "/home": page("Home insurance", `<a href="/">Back</a>`),
    "/auto/quote": page("Quote", ""),
  });
  try {
    const result = await run(
      corpus["core-only"].library,
      "--page",
      `${site.origin}/`,
      "--pages",
      "3",
    );
    const checked = [...result.out.matchAll(/^page (\S+)$/gm)].map((m) => m[1]);
    // The start, then its links in order: no fragment, no PDF, no other origin, none twice.
    expect(checked).toEqual([`${site.origin}/`, `${site.origin}/auto`, `${site.origin}/home`]);
    for (const url of checked)
      expect(result.out).toContain(`\n${url}: 5 measures, 5 agree, 0 differ`);
    expect(result.out).toMatch(/15 measures, 15 agree, 0 differ$/);
    expect(result.code).toBe(0);
  } finally {
    await site.close();
  }
});
