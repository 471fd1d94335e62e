import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import compareObservations from "./compareObservations.ts";
import formatComparison from "./formatComparison.ts";
import { elementFor } from "./generatedPage.ts";
import migrateCheck from "./migrateCheck.ts";
import type { Observation } from "./observePage.ts";
import openBuildFolder from "./openBuildFolder.ts";
import { explainedKeys, originalMinified } from "./originalBuildInfo.ts";

const observation = (o: Partial<Observation>): Observation => ({
  libraryRequests: 1,
  started: true,
  rules: [],
  requests: [],
  consoleErrors: [],
  satelliteKeys: [],
  standInHosts: [],
  links: [],
  adobeCdn: [],
  ...o,
});

describe("compareObservations", () => {
  test("rules compare in order, requests as a multiset", () => {
    const page = compareObservations(
      "p",
      observation({ rules: ["A", "B"], requests: ["h/x", "h/y", "h/y"] }),
      observation({ rules: ["B", "A"], requests: ["h/y", "h/x", "h/y"] }),
    );
    const by = Object.fromEntries(page.measures.map((m) => [m.name, m]));
    expect(by["rules fired"]).toMatchObject({
      agree: false,
      difference: '#1: original "A", rebuild "B"',
    });
    expect(by.requests).toMatchObject({ agree: true });
    expect(formatComparison([page])).toMatch(/5 measures, 4 agree, 1 differ$/);
  });

  test("a repeated request counts", () => {
    const page = compareObservations(
      "p",
      observation({ requests: ["h/y", "h/y"] }),
      observation({ requests: ["h/y"] }),
    );
    expect(page.measures.find((m) => m.name === "requests")).toMatchObject({
      agree: false,
      difference: 'only in original: "h/y"',
    });
  });

  test("a rebuild that still loads a file from Adobe's CDN does not agree, however alike the runs", () => {
    const cdn = "https://assets.adobedtm.com/extensions/EPbde2f7/AppMeasurement.min.js";
    const page = compareObservations(
      "p",
      observation({ adobeCdn: [cdn], consoleErrors: [`Failed to load script ${cdn}`] }),
      observation({ adobeCdn: [cdn], consoleErrors: [`Failed to load script ${cdn}`] }),
    );
    expect(page.measures[0]).toMatchObject({
      name: "library",
      agree: false,
      difference: `the rebuild still loads ${cdn} from Adobe's CDN; import the build folder that holds it, or add it to the extension's hosted files`,
    });
    // The original loading from there is where it lives: nothing to say.
    const fine = compareObservations("p", observation({ adobeCdn: [cdn] }), observation({}));
    expect(fine.measures[0]).toMatchObject({ agree: true });
  });

  test("edge paths with a location hint are explained against an original that sends none", () => {
    const older = ["adobedc.demdex.net/ee/v1/interact", "edge.test/ee/v1/collect"];
    const newer = ["adobedc.demdex.net/ee/v1/interact", "edge.test/ee/or2/v1/collect"];
    const page = compareObservations(
      "p",
      observation({ requests: older }),
      observation({ requests: newer }),
    );
    expect(page.measures.find((m) => m.name === "requests")).toMatchObject({
      agree: true,
      rebuild: [...newer].sort(),
      explained: [expect.stringContaining("location hint")],
    });
    // An original that sends hinted paths itself is compared as it is.
    const both = compareObservations(
      "p",
      observation({ requests: ["edge.test/ee/va6/v1/collect"] }),
      observation({ requests: newer.slice(1) }),
    );
    expect(both.measures.find((m) => m.name === "requests")).toMatchObject({ agree: false });
    // And another difference still shows.
    const other = compareObservations(
      "p",
      observation({ requests: older }),
      observation({ requests: [...newer, "edge.test/ee/or2/v1/collect"] }),
    );
    expect(other.measures.find((m) => m.name === "requests")).toMatchObject({
      agree: false,
      difference: 'only in rebuild: "edge.test/ee/v1/collect"',
    });
  });

  test("two libraries that did not run do not agree", () => {
    const page = compareObservations(
      "p",
      observation({ libraryRequests: 0, started: false }),
      observation({ libraryRequests: 0, started: false }),
    );
    expect(page.measures[0]).toMatchObject({
      agree: false,
      difference: "neither ran: library not requested by the page",
    });
  });
});

describe("what the original's buildInfo explains", () => {
  const turbine27 =
    'window._satellite.container={buildInfo:{minified:!0,buildDate:"2020-11-05T05:15:23Z",turbineVersion:"27.0.0"},dataElements:{}}';
  const turbine28 =
    'window._satellite.container = {\n  "buildInfo": {\n    "minified": false,\n    "turbineVersion": "28.1.0"\n  }}';

  test("an older Core's custom-code module: the rebuild's HTML callbacks are explained", () => {
    // A custom-code module that defines __registerScript but not the HTML callbacks.
    const olderCore = `window._satellite.container={buildInfo:{turbineVersion:"28.1.0"},extensions:{core:{modules:{"core/src/lib/actions/customCode.js":{script:function(e,t,n,r){window._satellite.__registerScript=function(){}}}}}}}`;
    const newerCore = olderCore.replace(
      "__registerScript=",
      "_onCustomCodeSuccess=_satellite._onCustomCodeFailure=",
    );
    const explained = explainedKeys(olderCore);
    expect([...explained.keys()]).toEqual(["_onCustomCodeSuccess", "_onCustomCodeFailure"]);
    expect(explained.get("_onCustomCodeSuccess")).toBe(
      "a newer Core extension's API (HTML custom code that reports back), which the original's Core custom-code module does not define",
    );
    expect(explainedKeys(newerCore).size).toBe(0);
    // Without a custom-code module the original's Core never adds them, nor should a rebuild.
    expect(explainedKeys(turbine28).size).toBe(0);
    const keys = ["__registerScript", "buildInfo", "track"];
    const page = compareObservations(
      "p",
      observation({ satelliteKeys: keys }),
      observation({ satelliteKeys: [...keys, "_onCustomCodeFailure", "_onCustomCodeSuccess"] }),
      explained,
    );
    expect(page.measures.find((m) => m.name === "_satellite keys")).toMatchObject({
      agree: true,
    });
  });

  test("an older turbine's original: the rebuild's _satellite.environment is explained", () => {
    const explained = explainedKeys(turbine27);
    expect([...explained.keys()]).toEqual(["environment"]);
    expect(explainedKeys(turbine28).size).toBe(0);
    expect(explainedKeys("window._satellite.container={}").size).toBe(0);
    const keys = ["buildInfo", "track"];
    const page = compareObservations(
      "p",
      observation({ satelliteKeys: keys }),
      observation({ satelliteKeys: [...keys, "environment"] }),
      explained,
    );
    const measure = page.measures.find((m) => m.name === "_satellite keys")!;
    expect(measure).toMatchObject({
      agree: true,
      rebuild: ["buildInfo", "environment", "track"],
      explained: [
        `rebuild adds "environment": a newer turbine's API, the original runs turbine 27.0.0`,
      ],
    });
    expect(formatComparison([page])).toContain(
      `agree; rebuild adds "environment": a newer turbine's API, the original runs turbine 27.0.0`,
    );
    // Explained keys are only those the original lacks; any other key still differs.
    const other = compareObservations(
      "p",
      observation({ satelliteKeys: keys }),
      observation({ satelliteKeys: [...keys, "environment", "extra"] }),
      explained,
    );
    expect(other.measures.find((m) => m.name === "_satellite keys")).toMatchObject({
      agree: false,
      difference: 'only in rebuild: "extra"',
    });
  });

  test("the rebuild is minified as the original was", () => {
    expect(originalMinified(turbine27)).toBe(true);
    expect(originalMinified(turbine28)).toBe(false);
    expect(originalMinified("window._satellite.container={buildInfo:{}}")).toBeUndefined();
  });
});

describe("the generated page", () => {
  test("has an element for each simple selector", () => {
    expect(elementFor("a.nav-link", "core/src/lib/events/click.js")).toMatch(
      /^<a href="[^"]+" class="nav-link">/,
    );
    expect(elementFor("#signup", "core/src/lib/events/click.js")).toMatch(
      /^<button type="button" id="signup">/,
    );
    expect(elementFor("form.quote", "core/src/lib/events/submit.js")).toMatch(
      /^<form action="[^"]+" class="quote">/,
    );
    expect(elementFor("div > a[href^='/x']", "core/src/lib/events/click.js")).toBeUndefined();
  });
});

describe("a build folder", () => {
  const dir = mkdtempSync(join(tmpdir(), "liftoff-build-folder-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("answers a CDN URL with the file of that name whose folders match most", () => {
    mkdirSync(join(dir, "hostedLibFiles/EP1"), { recursive: true });
    mkdirSync(join(dir, "other"), { recursive: true });
    writeFileSync(join(dir, "launch-ENabc-development.js"), "");
    writeFileSync(join(dir, "hostedLibFiles/EP1/lib.js"), "");
    writeFileSync(join(dir, "other/lib.js"), "");
    const folder = openBuildFolder(dir);
    expect(folder.library).toBe(join(dir, "launch-ENabc-development.js"));
    expect(folder.find("https://assets.adobedtm.com/extensions/EP1/lib.js")).toBe(
      join(dir, "hostedLibFiles/EP1/lib.js"),
    );
    expect(folder.find("https://assets.adobedtm.com/extensions/EP1/none.js")).toBeUndefined();
    expect(folder.find("https://site.test/")).toBeUndefined();
  });
});

describe("migrate-check arguments", () => {
  const run = async (...argv: string[]) => {
    const err: string[] = [];
    const code = await migrateCheck(argv, { out: () => {}, err: (l) => err.push(l) });
    return { code, err: err.join("\n") };
  };

  test("needs a library", async () => {
    expect(await run()).toEqual({
      code: 1,
      err: "liftoff migrate-check: needs the original launch-*.js library file or its build folder",
    });
  });

  test("names a bad --page and an unknown flag", async () => {
    expect((await run("x.js", "--page", "ftp://a")).err).toBe(
      "liftoff migrate-check: --page ftp://a: expected an http:// or https:// URL",
    );
    expect((await run("x.js", "--pagez")).err).toBe(
      "liftoff migrate-check: migrate-check does not take --pagez",
    );
  });

  test("--pages takes a whole number from 1 to 50 and needs a --page to start from", async () => {
    const page = ["--page", "https://www.example.test/"];
    expect((await run("x.js", ...page, "--pages")).err).toBe(
      "liftoff migrate-check: --pages needs a value",
    );
    for (const bad of ["0", "51", "2.5", "ten"])
      expect((await run("x.js", ...page, "--pages", bad)).err).toBe(
        `liftoff migrate-check: --pages ${bad}: expected a whole number from 1 to 50`,
      );
    expect((await run("x.js", "--pages", "3")).err).toBe(
      "liftoff migrate-check: --pages follows links from each --page: name at least one --page",
    );
  });

  test("names a missing file", async () => {
    const missing = join(tmpdir(), "liftoff-no-such-launch.js");
    expect(await run(missing)).toEqual({
      code: 1,
      err: `liftoff migrate-check: ${missing}: no such file or folder`,
    });
  });
});
