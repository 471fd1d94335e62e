import type { LibraryInfo, PropertyState, ResourceInfo } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { publishChanges } from "./publishChanges.ts";

const info = (id: string, publishedRevision?: number): ResourceInfo => ({
  kind: "rule",
  id,
  name: id,
  revision: 9,
  updatedAt: "2026-01-01T00:00:00Z",
  updatedBy: "ada",
  deleted: false,
  changed: true,
  publishedRevision,
});

describe("publishChanges", () => {
  it("names each resource new, changed or deleted against what production serves", () => {
    const state = {
      resources: [info("RLnew"), info("RLchanged", 2), info("RLsame", 3), info("RLgone", 1)],
    } as unknown as PropertyState;
    const library = {
      resources: [
        { kind: "rule", id: "RLnew", name: "Page view", revision: 1, deleted: false },
        { kind: "rule", id: "RLchanged", name: "Quote start", revision: 4, deleted: false },
        { kind: "rule", id: "RLsame", name: "Same", revision: 3, deleted: false },
        { kind: "rule", id: "RLgone", name: "Old banner", revision: 2, deleted: true },
        { kind: "rule", id: "RLnever", name: "Draft", revision: 2, deleted: true },
      ],
    } as unknown as LibraryInfo;
    expect(publishChanges(library, state).map((c) => `${c.change} ${c.name}`)).toEqual([
      "New Page view",
      "Changed Quote start",
      "Deleted Old banner",
    ]);
  });
});
