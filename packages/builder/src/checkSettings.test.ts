import { manifest as coreModules } from "@liftoff/core/manifest";
import { checkSettings as check, type SettingsSchema } from "@liftoff/schema";
import { describe, expect, it } from "vitest";

/** The same schema with every studio `group` hint removed. */
function withoutGroups(schema: SettingsSchema): SettingsSchema {
  const { group: _group, properties, items, ...rest } = schema;
  const out: SettingsSchema = { ...rest };
  if (properties)
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([key, child]) => [key, withoutGroups(child)]),
    );
  if (items) out.items = withoutGroups(items);
  return out;
}

/** The builder's argument order, as the checks read below. */
const checkSettings = (value: unknown, schema: SettingsSchema, path: string) =>
  check(schema, value, path);

describe("checkSettings, as the builder runs it", () => {
  const click = coreModules.find((m) => m.name === "click" && m.kind === "event")!.settings;

  it("checks fields in a studio group like any other and takes the hint for no setting", () => {
    expect(click.properties!.anchorDelay!.group).toBe("Advanced");
    expect(checkSettings({ elementSelector: "a", anchorDelay: 250 }, click, "settings")).toEqual(
      [],
    );
    const settings = { elementSelector: "a", anchorDelay: 0, bubbleStop: "yes" };
    const problems = checkSettings(settings, click, "settings");
    expect(problems).toEqual([
      { path: "settings.bubbleStop", message: "expected boolean, got string" },
      { path: "settings.anchorDelay", message: "must be at least 1, got 0" },
    ]);
    expect(checkSettings(settings, withoutGroups(click), "settings")).toEqual(problems);
  });

  const schema: SettingsSchema = {
    type: "object",
    properties: {
      host: { type: "string", minLength: 3, stages: true },
      name: { type: "string" },
      extra: { type: "object" },
    },
  };

  it("refuses a per-stage value at a field that takes one value, naming the field", () => {
    const perStage = { development: "dev", staging: "stage", production: "prod" };
    expect(checkSettings({ name: perStage }, schema, "settings")).toEqual([
      {
        path: "settings.name",
        message:
          "this field takes one value for every environment; it cannot be written per stage ({development, staging, production})",
      },
    ]);
    expect(checkSettings({ elementSelector: perStage }, click, "settings")).toEqual([
      {
        path: "settings.elementSelector",
        message:
          "this field takes one value for every environment; it cannot be written per stage ({development, staging, production})",
      },
    ]);
    // An object field may hold stage-named keys as its own data.
    expect(checkSettings({ extra: perStage }, schema, "settings")).toEqual([]);
  });

  it("checks each stage of a per-stage value where the field allows one, all three required", () => {
    const host = (value: unknown) => checkSettings({ host: value }, schema, "settings");
    expect(
      host({ development: "dev.test", staging: "stage.test", production: "prod.test" }),
    ).toEqual([]);
    expect(host({ development: "dev.test", production: "prod.test" })).toEqual([
      { path: "settings.host", message: "per-stage value misses staging" },
    ]);
    expect(host({ development: "d", staging: 7, production: "prod.test" })).toEqual([
      { path: "settings.host.development", message: "must be at least 3 characters" },
      { path: "settings.host.staging", message: "expected string, got number" },
    ]);
    expect(host("one.test")).toEqual([]);
  });
});
