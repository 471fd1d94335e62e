import { checkReporting, type PropertyReporting, type TopPropertyReport } from "@liftoff/schema";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../../test/fixtures.ts";
import { renderStudio } from "../../../test/renderStudio.tsx";
import PropertySettingsPage from "../PropertySettingsPage.tsx";

afterEach(cleanup);

const at = { path: "/properties/PR1/settings", pattern: "/properties/:pid/settings" };
const PUT = "PUT /api/properties/PR1/settings";

const mapping = (): PropertyReporting => ({
  fields: [
    { name: "searchTerm", label: "Search term", paths: ["data.__adobe.analytics.eVar7"] },
    { name: "deviceType", label: "Device type", paths: ["data.__adobe.analytics.eVar15"] },
  ],
  reports: [
    {
      kind: "top",
      name: "searchTerms",
      title: "Search terms",
      label: ["searchTerm"],
      labelName: "term",
      measures: [{ name: "searches", of: "events" }],
    },
  ],
});

/** The settings page once its Reporting part (a chunk of its own) has loaded. */
async function render(reporting?: PropertyReporting, role: "editor" | "viewer" = "editor") {
  const state = propertyState();
  if (reporting) state.document.property.settings.reporting = reporting;
  const rendered = renderStudio(<PropertySettingsPage />, {
    ...at,
    role,
    state,
    routes: { [PUT]: () => ({ body: propertyState({ revision: 8 }) }) },
  });
  await screen.findByRole("heading", { name: "Report fields" });
  return rendered;
}

const section = () => within(screen.getByRole("group", { name: "Reporting" }));
const type = (label: string, value: string) =>
  fireEvent.change(section().getByLabelText(label), { target: { value } });
const problemsOf = (box: HTMLElement) =>
  document.getElementById(box.getAttribute("aria-describedby")!.split(" ").pop()!)?.textContent ??
  "";

async function sent(calls: Awaited<ReturnType<typeof render>>["calls"]) {
  fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
  await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
  return (calls.find((c) => c.method === "PUT")!.body as { settings: Record<string, unknown> })
    .settings;
}

describe("Reporting settings", () => {
  it("adds a field and a top report in the form and saves them with the settings", async () => {
    const { calls } = await render();
    expect(
      section().getByText("No fields yet: reports can group by the generic fields below."),
    ).toBeTruthy();
    fireEvent.click(section().getByRole("button", { name: "Add field" }));
    // The new row's first box takes the focus, where it appeared.
    expect(document.activeElement).toBe(section().getByLabelText("Name of field 1"));
    type("Name of field 1", "searchTerm");
    type("Label of field 1", "Search term");
    type("Path 1 of field 1", "xdm.search.term");
    fireEvent.click(section().getByRole("button", { name: "Add a path to field 1" }));
    expect(document.activeElement).toBe(section().getByLabelText("Path 2 of field 1"));
    type("Path 2 of field 1", "data.__adobe.analytics.eVar7");

    fireEvent.click(section().getByRole("button", { name: "Add report" }));
    const report = within(section().getByRole("group", { name: "Report 1" }));
    expect(document.activeElement).toBe(report.getByLabelText("Title"));
    fireEvent.change(report.getByLabelText("Title"), { target: { value: "Search terms" } });
    // The legend names the report by its title as it is typed.
    const titled = within(section().getByRole("group", { name: "Report 1: Search terms" }));
    fireEvent.change(titled.getByLabelText("Name"), { target: { value: "searchTerms" } });
    fireEvent.change(titled.getByLabelText("Label column"), { target: { value: "term" } });
    // The group-by choice offers the property's fields first, then every property's.
    const field1 = titled.getByLabelText<HTMLSelectElement>("Field 1");
    expect(field1.value).toBe("searchTerm");
    expect([...field1.querySelectorAll("optgroup")].map((g) => g.label)).toEqual([
      "This property's fields",
      "Every property's fields",
    ]);
    expect(within(field1).getByRole("option", { name: "Page name" })).toBeTruthy();
    fireEvent.click(titled.getByLabelText(/lower case/));
    fireEvent.change(titled.getByLabelText("Only events carrying Analytics event (optional)"), {
      target: { value: "2" },
    });
    fireEvent.click(titled.getByRole("button", { name: "Add measure" }));
    fireEvent.change(titled.getByLabelText("Measure 2 column"), { target: { value: "visitors" } });
    fireEvent.change(titled.getByLabelText("Measure 2 counts"), { target: { value: "visitors" } });
    fireEvent.click(titled.getByLabelText(/Add a last column/));
    fireEvent.change(titled.getByLabelText("Rate column"), { target: { value: "perVisitor" } });
    fireEvent.change(titled.getByLabelText("Numerator (measure)"), {
      target: { value: "events" },
    });
    fireEvent.change(titled.getByLabelText("Denominator (measure)"), {
      target: { value: "visitors" },
    });
    // A complete mapping: nothing for the checker to say.
    expect(section().queryAllByRole("alert")).toEqual([]);

    const settings = await sent(calls);
    expect(settings.reporting).toEqual({
      fields: [
        {
          name: "searchTerm",
          label: "Search term",
          paths: ["xdm.search.term", "data.__adobe.analytics.eVar7"],
        },
      ],
      reports: [
        {
          kind: "top",
          name: "searchTerms",
          title: "Search terms",
          label: ["searchTerm"],
          labelName: "term",
          lowercase: true,
          eventNumber: 2,
          measures: [
            { name: "events", of: "events" },
            { name: "visitors", of: "visitors" },
          ],
          rate: { name: "perVisitor", numerator: "events", denominator: "visitors" },
        },
      ],
    });
    expect(checkReporting({ reporting: settings.reporting })).toEqual([]);
  });

  it("says the checker's problems as they are typed, at the box they name, once", async () => {
    const { calls } = await render(mapping());
    const name = section().getByLabelText("Name of field 2");
    type("Name of field 2", "searchTerm");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(problemsOf(name)).toBe('another field is already named "searchTerm"');
    type("Name of field 2", "pageName");
    expect(problemsOf(name)).toBe('"pageName" is a generic field every property has');
    type("Name of field 2", "device type");
    const wording = checkReporting({
      reporting: { ...mapping(), fields: [{ name: "device type", label: "x", paths: ["xdm.a"] }] },
    })[0]!.message;
    expect(problemsOf(name)).toBe(wording);
    type("Path 1 of field 1", "eVar7");
    expect(problemsOf(section().getByLabelText("Path 1 of field 1"))).toMatch(
      /^expected a field path such as xdm\.web\.webInteraction\.name/,
    );
    // A report grouping by a field that is gone keeps showing the name, with the problem.
    type("Name of field 1", "term");
    const groupBy = section().getByLabelText("Field 1");
    expect((groupBy as HTMLSelectElement).value).toBe("searchTerm");
    expect(problemsOf(groupBy)).toBe(
      'names no field: "searchTerm" is neither a field of this property nor generic',
    );
    type("Name of field 1", "searchTerm");
    type("Name of field 2", "deviceType");
    type("Path 1 of field 1", "data.__adobe.analytics.eVar7");
    expect(section().queryAllByRole("alert")).toEqual([]);

    // The server refuses the same fault in the same words: it is shown once, in place, and
    // the error above Save does not list it again.
    type("Measure 1 column", "term");
    const message = 'another column of this report is named "term"';
    const measure = section().getByLabelText("Measure 1 column");
    expect(problemsOf(measure)).toBe(message);
    cleanup();
    const refused = propertyState();
    refused.document.property.settings.reporting = mapping();
    const second = renderStudio(<PropertySettingsPage />, {
      ...at,
      role: "editor",
      state: refused,
      routes: {
        [PUT]: () => ({
          status: 422,
          body: {
            type: "urn:liftoff:errors:api:settings-have-problems",
            title: "The settings have problems",
            status: 422,
            errors: [{ path: "settings.reporting.reports[0].measures[0].name", message }],
          },
        }),
      },
    });
    await screen.findByRole("heading", { name: "Report fields" });
    type("Measure 1 column", "term");
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await screen.findByText("The settings have problems");
    expect(second.calls.filter((c) => c.method === "PUT")).toHaveLength(1);
    expect(screen.getAllByText(message)).toHaveLength(1);
    const error = screen.getByText("The settings have problems").closest('[role="alert"]')!;
    expect(error.querySelector("ul")).toBeNull();
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("reorders and removes fields with the keyboard's focus following the entry", async () => {
    await render(mapping());
    fireEvent.click(section().getByRole("button", { name: "Move up field 2" }));
    expect(section().getByLabelText<HTMLInputElement>("Name of field 1").value).toBe("deviceType");
    // At the top "Move up" is disabled: the focus is on the moved field's "Move down".
    expect(document.activeElement).toBe(
      section().getByRole("button", { name: "Move down field 1" }),
    );
    fireEvent.click(section().getByRole("button", { name: "Remove field 1" }));
    expect(section().getByLabelText<HTMLInputElement>("Name of field 1").value).toBe("searchTerm");
    expect(document.activeElement).toBe(section().getByLabelText("Name of field 1"));
    expect(section().queryByLabelText("Name of field 2")).toBeNull();
  });

  it("edits a funnel's steps and keeps the common parts when the kind changes", async () => {
    const { calls } = await render(mapping());
    const report = () => within(section().getByRole("group", { name: "Report 1: Search terms" }));
    fireEvent.change(report().getByLabelText("Kind"), { target: { value: "steps" } });
    expect(report().getByLabelText<HTMLInputElement>("Name").value).toBe("searchTerms");
    expect(report().queryByLabelText("Field 1")).toBeNull();
    // A step's event number is required: the checker says so until it is typed.
    const number = report().getByLabelText("Step 1 Analytics event");
    expect(problemsOf(number)).toBe("is required");
    fireEvent.change(report().getByLabelText("Step 1 name"), { target: { value: "Start" } });
    fireEvent.change(number, { target: { value: "0" } });
    expect(problemsOf(number)).toBe(
      "expected an Analytics event number (an integer from 1 to 1000), got 0",
    );
    fireEvent.change(number, { target: { value: "5" } });
    fireEvent.click(report().getByRole("button", { name: "Add step" }));
    expect(document.activeElement).toBe(report().getByLabelText("Step 2 name"));
    fireEvent.change(report().getByLabelText("Step 2 name"), { target: { value: "Done" } });
    fireEvent.change(report().getByLabelText("Step 2 Analytics event"), {
      target: { value: "6" },
    });
    expect(section().queryAllByRole("alert")).toEqual([]);
    const settings = await sent(calls);
    expect((settings.reporting as PropertyReporting).reports).toEqual([
      {
        kind: "steps",
        name: "searchTerms",
        title: "Search terms",
        labelName: "term",
        steps: [
          { name: "Start", eventNumber: 5 },
          { name: "Done", eventNumber: 6 },
        ],
      },
    ]);
  });

  it("lists many reports closed, by title, kind and problems, and opens a new one", async () => {
    const many = mapping();
    const top = many.reports[0] as TopPropertyReport;
    many.reports = [
      top,
      { ...top, name: "second", title: "Second", measures: [{ name: "x", of: "events" }] },
      {
        kind: "steps",
        name: "funnel",
        title: "Funnel",
        labelName: "step",
        steps: [{ name: "Start", eventNumber: 1 }],
      },
    ];
    const state = propertyState({
      problems: [
        { path: "property.settings.reporting.reports[1].measures[0].name", message: "stale" },
      ],
    });
    state.document.property.settings.reporting = many;
    renderStudio(<PropertySettingsPage />, { ...at, role: "editor", state });
    await screen.findByRole("heading", { name: "Report fields" });
    const disclosures = [...document.querySelectorAll<HTMLDetailsElement>("details")];
    expect(disclosures.map((d) => [d.querySelector("summary")!.textContent, d.open])).toEqual([
      ["Report 1: Search terms · top values, 1 measure", false],
      // The property's problem (from the builder's check, named under property.settings).
      ["Report 2: Second · top values, 1 measure · 1 problem", true],
      ["Report 3: Funnel · steps, 1 step", false],
    ]);
    const second = within(section().getByRole("group", { name: "Report 2: Second" }));
    expect(problemsOf(second.getByLabelText("Measure 1 column"))).toBe("stale");
    fireEvent.click(section().getByRole("button", { name: "Add report" }));
    const added = document.querySelectorAll<HTMLDetailsElement>("details")[3]!;
    expect(added.open).toBe(true);
    expect(document.activeElement).toBe(within(added).getByLabelText("Title"));
    // A moved report keeps its own open state.
    fireEvent.click(section().getByRole("button", { name: "Move up report 2" }));
    expect(
      [...document.querySelectorAll<HTMLDetailsElement>("details")].map((d) => d.open),
    ).toEqual([true, false, false, true]);
  });

  it("merges a colleague's saved reports with this tab's new field after an edit conflict", async () => {
    const state = propertyState();
    state.document.property.settings.reporting = mapping();
    const theirs = structuredClone(state.document);
    theirs.property.settings.reporting!.reports.push({
      kind: "steps",
      name: "funnel",
      title: "Funnel",
      labelName: "step",
      steps: [{ name: "Start", eventNumber: 1 }],
    });
    const puts: unknown[] = [];
    renderStudio(<PropertySettingsPage />, {
      ...at,
      role: "editor",
      state,
      routes: {
        [PUT]: (body) => {
          puts.push(body);
          return (body as { revision: number }).revision === 1
            ? {
                status: 409,
                body: {
                  type: "urn:liftoff:errors:api:edit-conflict",
                  title: "Someone else changed this",
                  status: 409,
                  conflict: {
                    resource: { kind: "settings", id: "property", name: "Settings" },
                    yourRevision: 1,
                    currentRevision: 2,
                    changedBy: "sam",
                    changedAt: "2026-11-24T10:00:00.000Z",
                    current: theirs,
                  },
                },
              }
            : { body: propertyState({ revision: 9 }) };
        },
      },
    });
    await screen.findByRole("heading", { name: "Report fields" });
    fireEvent.click(section().getByRole("button", { name: "Add field" }));
    type("Name of field 3", "plan");
    type("Label of field 3", "Plan");
    type("Path 1 of field 3", "data.plan");
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    const view = await screen.findByRole("alert", { name: "Edit conflict" });
    const rows = within(view).getAllByRole("row").slice(1);
    // (The fixture's settings lack the form's defaults, which the form sends: those rows too.)
    const reportingRows = rows
      .map((r) => within(r).getByRole("rowheader").textContent)
      .filter((label) => label?.includes("Reporting"));
    expect(reportingRows).toEqual([
      "Settings › Reporting › Fields your change",
      "Settings › Reporting › Reports their change",
    ]);
    fireEvent.click(within(view).getByRole("button", { name: "Merge selected" }));
    await screen.findByRole("heading", { name: "Report fields" });
    expect(section().getByLabelText<HTMLInputElement>("Name of field 3").value).toBe("plan");
    expect(section().getByRole("group", { name: "Report 2: Funnel" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(puts).toHaveLength(2));
    const merged = puts[1] as { revision: number; settings: { reporting: PropertyReporting } };
    expect(merged.revision).toBe(2);
    expect(merged.settings.reporting.fields.map((f) => f.name)).toEqual([
      "searchTerm",
      "deviceType",
      "plan",
    ]);
    expect(merged.settings.reporting.reports.map((r) => r.name)).toEqual(["searchTerms", "funnel"]);
  });

  it("leaves reporting out of a save when the property has none and none was added", async () => {
    const { calls } = await render();
    const settings = await sent(calls);
    expect("reporting" in settings).toBe(false);
  });

  it("shows a viewer the mapping read-only", async () => {
    await render(mapping(), "viewer");
    const group = screen.getByRole("group", { name: "Reporting" });
    expect(group).toHaveProperty("disabled", true);
    expect(section().getByLabelText<HTMLInputElement>("Name of field 1").value).toBe("searchTerm");
    expect(section().queryByRole("button", { name: /^(Add|Remove|Move)/ })).toBeNull();
    expect(section().queryByRole("button")).toBeNull();
  });
});
