import { manifest as coreModules } from "@liftoff/core/manifest";
import type { SettingsSchema } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import checkSettings from "./checkSettings.ts";

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

describe("checkSettings", () => {
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
});
