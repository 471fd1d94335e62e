import { describe, expect, it } from "vitest";
import loadDemoModules from "./loadDemoModules.ts";

describe("loadDemoModules", () => {
  it("loads the insurance property and the demo site by package name", async () => {
    const { property, site } = await loadDemoModules();
    expect(property.createPropertyDocument({}).property.id).toBe("PRpcmarketing");
    expect(typeof site.createDemoServer).toBe("function");
  });

  it("says which package --demo needs and how to get it when one is missing", async () => {
    await expect(
      loadDemoModules({ property: "@liftoff/no-such-property", site: "@liftoff/demo-site" }),
    ).rejects.toThrow(
      "--demo needs the @liftoff/no-such-property package, but it is not installed. Install it " +
        "beside @liftoff/server (npm install @liftoff/no-such-property), or start without --demo.",
    );
  });

  it("refuses a package without the export the demo calls", async () => {
    await expect(
      loadDemoModules({ property: "@liftoff/demo-site", site: "@liftoff/demo-site" }),
    ).rejects.toThrow("--demo needs @liftoff/demo-site to export createPropertyDocument");
  });
});
