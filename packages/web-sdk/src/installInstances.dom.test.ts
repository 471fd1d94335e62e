import { describe, expect, it, vi } from "vitest";
import installBaseCode, { type QueueFunction } from "./baseCode.ts";
import installInstances from "./installInstances.ts";

describe("installInstances", () => {
  it("replays the base-code queue in order and replaces q.push", async () => {
    const win = window as unknown as Record<string, unknown>;
    delete win.__alloyNS;
    installBaseCode(win, ["alloy", "second"]);
    const alloy = win.alloy as QueueFunction;
    const early = alloy("getLibraryInfo");
    const configured = alloy("configure", { datastreamId: "d", orgId: "O@AdobeOrg" });
    const info = alloy("getLibraryInfo");
    installInstances(window);
    await expect(early).rejects.toThrow("[alloy] The library must be configured first.");
    await expect(configured).resolves.toEqual({});
    await expect(info).resolves.toMatchObject({ libraryInfo: { version: "2.26.0" } });
    expect(win.alloy).toBe(alloy);
    expect(alloy.q).toHaveLength(0);
    // Later calls go through the replaced push and run at once.
    const later = alloy("createEventMergeId");
    expect(alloy.q).toHaveLength(0);
    await expect(later).resolves.toHaveProperty("eventMergeId");
    // Loading the SDK a second time leaves the running instance in place.
    const push = alloy.q.push;
    installInstances(window);
    expect(alloy.q.push).toBe(push);
    await expect(alloy("configure", {})).rejects.toThrow("already been configured");
    // Each name is its own instance.
    await expect((win.second as QueueFunction)("getLibraryInfo")).rejects.toThrow(
      "[second] The library must be configured first.",
    );
  });

  it("skips names whose global is not a base-code queue", () => {
    const win = window as unknown as Record<string, unknown>;
    win.__alloyNS = ["notQueue"];
    win.notQueue = vi.fn();
    expect(() => installInstances(window)).not.toThrow();
  });
});
