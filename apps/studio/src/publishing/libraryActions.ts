import type { LibraryInfo, Role } from "@liftoff/schema";
import type { LibraryAction } from "../api/createStudioApi.ts";

export interface ActionOffer {
  action: LibraryAction;
  label: string;
  role: Role;
}

const build: ActionOffer = { action: "build", label: "Build to development", role: "editor" };

/**
 * What can be done to a library in its state (the publishing flow: build to development,
 * submit to staging, approve or reject, publish to production; a published library that
 * is no longer live can be republished, which is how a rollback is done). Building needs a
 * development environment.
 */
export function libraryActions(library: LibraryInfo, live: boolean): ActionOffer[] {
  const builds = library.environmentId ? [build] : [];
  switch (library.state) {
    case "development":
      return [...builds, { action: "submit", label: "Submit for approval", role: "editor" }];
    case "rejected":
      return builds;
    case "submitted":
      return [
        { action: "approve", label: "Approve", role: "approver" },
        { action: "reject", label: "Reject", role: "approver" },
      ];
    case "approved":
      return [
        { action: "publish", label: "Publish to production", role: "approver" },
        { action: "reject", label: "Reject", role: "approver" },
      ];
    case "published":
      return live
        ? []
        : [{ action: "republish", label: "Roll back to this library", role: "approver" }];
  }
}
