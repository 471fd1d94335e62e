import { describe, expect, it } from "vitest";
import { catalog } from "../../test/fixtures.ts";
import { itemChanges } from "./itemChanges.ts";

const code = (id: string, source: string) => ({
  id,
  modulePath: "core/src/lib/actions/customCode.js",
  settings: { source, language: "javascript" },
});
const rule = (actions: unknown[], name = "Page View") => ({ id: "RL1", name, events: [], actions });

describe("itemChanges", () => {
  it("shows two reordered actions as one move, not as every field changed", () => {
    const a = code("AC1", "a()");
    const b = code("AC2", "b()");
    const rows = itemChanges(rule([a, b]), rule([b, a]), catalog);
    expect(rows).toEqual([
      expect.objectContaining({
        change: "moved",
        label: "Actions › Custom Code 2",
        moved: { from: 1, to: 2 },
      }),
    ]);
  });

  it("labels fields by module name and key, never by raw path", () => {
    const rows = itemChanges(
      rule([code("AC1", "a()")], "Old"),
      rule([code("AC1", "b()")], "New"),
      catalog,
    );
    expect(rows.map((r) => [r.label, r.from, r.to])).toEqual([
      ["Name", "Old", "New"],
      ["Actions › Custom Code › Source", "a()", "b()"],
    ]);
  });

  it("labels settings by the manifest's field titles", () => {
    const titled = catalog.map((x) => ({
      ...x,
      modules: x.modules.map((m) =>
        m.name === "custom-code"
          ? {
              ...m,
              settings: {
                ...m.settings,
                properties: { ...m.settings.properties, source: { type: "string", title: "Code" } },
              },
            }
          : m,
      ),
    }));
    const rows = itemChanges(rule([code("AC1", "a()")]), rule([code("AC1", "b()")]), titled);
    expect(rows.map((r) => r.label)).toEqual(["Actions › Custom Code › Code"]);
  });

  it("names added and removed components", () => {
    const rows = itemChanges(rule([code("AC1", "a()")]), rule([code("AC2", "b()")]), catalog);
    expect(rows.map((r) => `${r.change} ${r.label}`)).toEqual([
      "added Actions › Custom Code",
      "removed Actions › Custom Code",
    ]);
  });
});
