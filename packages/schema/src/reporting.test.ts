import { describe, expect, it } from "vitest";
import { checkReporting, REPORTING_LIMITS, type PropertyReporting } from "./index.ts";

const valid = (): PropertyReporting => ({
  fields: [
    { name: "term", label: "Search term", paths: ["data.search.query", "xdm.search.keywords"] },
    { name: "file", label: "File", paths: ["xdm._experience.analytics.customDimensions.x.y"] },
  ],
  reports: [
    {
      kind: "top",
      name: "terms",
      title: "Search terms",
      label: ["term"],
      labelName: "term",
      lowercase: true,
      eventType: "web.webpagedetails.pageViews",
      measures: [
        { name: "searches", of: "events" },
        { name: "found", of: "events", eventNumber: 1 },
        { name: "visitors", of: "visitors" },
      ],
      rate: { name: "foundRate", numerator: "found", denominator: "searches" },
    },
    {
      kind: "top",
      name: "files",
      title: "Files",
      label: ["file", "linkUrl"],
      labelName: "file",
      eventNumber: 9,
      measures: [{ name: "downloads", of: "events" }],
    },
    {
      kind: "steps",
      name: "funnel",
      title: "Funnel",
      labelName: "step",
      steps: [
        { name: "25%", eventNumber: 18 },
        { name: "50%", eventNumber: 19 },
      ],
    },
  ],
});

const check = (reporting: unknown) => checkReporting({ reporting });

describe("checkReporting", () => {
  it("accepts a mapping whose reports name its fields and the generic ones", () => {
    expect(check(valid())).toEqual([]);
    expect(checkReporting({})).toEqual([]);
    expect(checkReporting({ reporting: { fields: [], reports: [] } })).toEqual([]);
  });

  it("names each problem by its path, in the wording of the other checkers", () => {
    const bad = valid() as unknown as {
      fields: Array<Record<string, unknown>>;
      reports: Array<Record<string, unknown>>;
    };
    bad.fields[0]!.paths = ["data.search.query", "web.search", "data.a..b"];
    bad.fields[1]!.name = "pageName";
    bad.fields.push({ name: "term", label: " ", paths: [] });
    bad.reports[0]!.label = ["term", "nope"];
    (bad.reports[0]!.measures as Array<Record<string, unknown>>)[1]!.eventNumber = 1001;
    bad.reports[0]!.rate = { name: "searches", numerator: "found", denominator: "missing" };
    bad.reports[1]!.name = "topPages";
    bad.reports[2]!.name = "terms";
    (bad.reports[2]!.steps as Array<Record<string, unknown>>)[1]!.name = "25%";
    bad.reports.push({ kind: "pie", name: "x-y", title: "", labelName: "l" });
    expect(checkReporting({ reporting: bad }, "settings")).toEqual([
      {
        path: "settings.reporting.fields[0].paths[1]",
        message:
          'expected a field path such as xdm.web.webInteraction.name or data.pageType (xdm or data, then up to 8 dotted names of letters, digits and _), got "web.search"',
      },
      {
        path: "settings.reporting.fields[0].paths[2]",
        message: expect.stringContaining('got "data.a..b"') as unknown,
      },
      {
        path: "settings.reporting.fields[1].name",
        message: '"pageName" is a generic field every property has',
      },
      {
        path: "settings.reporting.fields[2].name",
        message: 'another field is already named "term"',
      },
      { path: "settings.reporting.fields[2].label", message: "must not be empty" },
      { path: "settings.reporting.fields[2].paths", message: "expected at least 1, got none" },
      {
        path: "settings.reporting.reports[0].label[1]",
        message: 'names no field: "nope" is neither a field of this property nor generic',
      },
      {
        path: "settings.reporting.reports[0].measures[1].eventNumber",
        message: "expected an Analytics event number (an integer from 1 to 1000), got 1001",
      },
      {
        path: "settings.reporting.reports[0].rate.name",
        message: 'another column of this report is named "searches"',
      },
      {
        path: "settings.reporting.reports[0].rate.denominator",
        message: "expected the name of one of this report's measures",
      },
      { path: "settings.reporting.reports[1].name", message: '"topPages" is a built-in report' },
      // Its field was renamed above: a report names fields by name.
      {
        path: "settings.reporting.reports[1].label[0]",
        message: 'names no field: "file" is neither a field of this property nor generic',
      },
      {
        path: "settings.reporting.reports[2].name",
        message: 'another report is already named "terms"',
      },
      {
        path: "settings.reporting.reports[2].steps[1].name",
        message: 'another step is named "25%"',
      },
      {
        path: "settings.reporting.reports[3].name",
        message:
          'expected an identifier (a letter or _, then letters, digits and _; at most 64), got "x-y"',
      },
      { path: "settings.reporting.reports[3].title", message: "must not be empty" },
      {
        path: "settings.reporting.reports[3].kind",
        message: 'expected one of "top", "steps", got "pie"',
      },
    ]);
  });

  it("holds the limits: 50 fields, 50 reports, 20 measures and steps, 4 paths", () => {
    const field = (i: number) => ({ name: `f${i}`, label: "F", paths: ["data.a"] });
    const many = valid();
    many.fields = Array.from({ length: REPORTING_LIMITS.fields + 1 }, (_, i) => field(i));
    many.fields[0]!.paths = ["data.a", "data.b", "data.c", "data.d", "data.e"];
    const top = many.reports[1]!;
    if (top.kind === "top") {
      top.label = ["f0"];
      top.measures = Array.from({ length: 21 }, (_, i) => ({ name: `m${i}`, of: "events" }));
    }
    const steps = many.reports[2]!;
    if (steps.kind === "steps")
      steps.steps = Array.from({ length: 21 }, (_, i) => ({ name: `s${i}`, eventNumber: i + 1 }));
    many.reports.push(
      ...Array.from({ length: REPORTING_LIMITS.reports }, (_, i) => ({
        ...steps,
        name: `r${i}`,
      })),
    );
    const problems = check(many).map((p) => `${p.path}: ${p.message}`);
    expect(problems).toEqual([
      "settings.reporting.fields: expected at most 50, got 51",
      "settings.reporting.fields[0].paths: expected at most 4, got 5",
      "settings.reporting.reports: expected at most 50, got 53",
      'settings.reporting.reports[0].label[0]: names no field: "term" is neither a field of this property nor generic',
      "settings.reporting.reports[1].measures: expected at most 20, got 21",
      "settings.reporting.reports[2].steps: expected at most 20, got 21",
      ...Array.from(
        { length: 47 },
        (_, i) => `settings.reporting.reports[${i + 3}].steps: expected at most 20, got 21`,
      ),
    ]);
  });

  it("refuses what is not a mapping, and the name of the API's breakdown", () => {
    expect(checkReporting({ reporting: [] })).toEqual([
      { path: "settings.reporting", message: "expected object, got array" },
    ]);
    const named = valid();
    named.reports[2]!.name = "breakdown";
    expect(check(named)).toEqual([
      { path: "settings.reporting.reports[2].name", message: '"breakdown" is a built-in report' },
    ]);
    expect(check({ fields: {} })).toEqual([
      { path: "settings.reporting.fields", message: "expected array, got object" },
      { path: "settings.reporting.reports", message: "is required" },
    ]);
  });
});
