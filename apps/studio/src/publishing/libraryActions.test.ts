import type { LibraryInfo, LibraryState } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { libraryActions } from "./libraryActions.ts";

const library = (state: LibraryState): LibraryInfo => ({
  id: "LB1",
  name: "Sprint",
  state,
  environmentId: "ENdev",
  createdAt: "2026-11-21T10:00:00Z",
  createdBy: "editor",
  resources: [],
  builds: [],
  live: false,
});

const offered = (state: LibraryState, live = false) =>
  libraryActions(library(state), live).map((o) => `${o.action}:${o.role}`);

describe("libraryActions", () => {
  it("follows the publishing flow, with the role each step needs", () => {
    expect(offered("development")).toEqual(["build:editor", "submit:editor"]);
    expect(offered("submitted")).toEqual(["approve:approver", "reject:approver"]);
    expect(offered("approved")).toEqual(["publish:approver", "reject:approver"]);
    expect(offered("rejected")).toEqual(["build:editor"]);
  });

  it("builds to development only with a development environment", () => {
    expect(
      libraryActions({ ...library("development"), environmentId: undefined }, false).map(
        (o) => o.action,
      ),
    ).toEqual(["submit"]);
  });

  it("offers a rollback only for a published library that is not live", () => {
    expect(offered("published", false)).toEqual(["republish:approver"]);
    expect(offered("published", true)).toEqual([]);
  });
});
