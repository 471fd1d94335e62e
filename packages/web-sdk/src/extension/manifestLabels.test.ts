import { describe, expect, it } from "vitest";
import { manifest } from "./manifest.ts";

const settingsOf = (name: string) =>
  manifest.modules.find((m) => m.name === name)!.settings.properties!;

describe("Web SDK manifest labels", () => {
  it("asks for the Variable to update in plain words, not an internal cache id", () => {
    const update = settingsOf("update-variable");
    expect(update.dataElementCacheId!.title).toBe("Variable to update");
    expect(update.dataElementCacheId!.description).toMatch(/Launch: Data element$/);
    expect(Object.values(update).map((field) => field.title)).not.toContain(
      "Data element cache id",
    );
  });

  it("gives every send-event and instance field a label with Launch's term where it differs", () => {
    for (const field of Object.values(settingsOf("send-event")))
      expect(field.title?.length).toBeGreaterThan(0);
    const instance = manifest.settings.properties!.instances!.items!.properties!;
    for (const field of Object.values(instance)) expect(field.title?.length).toBeGreaterThan(0);
    expect(instance.clickCollectionEnabled!.description).toMatch(
      /Launch: Enable click data collection$/,
    );
  });
});
