import type { LibraryInfo, Role } from "@liftoff/schema";
import type { LibraryAction } from "../api/createStudioApi.ts";

export interface ActionOffer {
  action: LibraryAction;
  label: string;
  role: Role;
}

/**
 * What can be done to a library in its state (the publishing flow: build to development,
 * submit to staging, approve or reject, publish to production; a published library that
 * is no longer live can be republished, which is how a rollback is done).
 */
export function libraryActions(library: LibraryInfo, live: boolean): ActionOffer[] {
  switch (library.state) {
    case "development":
      return [
        { action: "build", label: "Build to development", role: "editor" },
        { action: "submit", label: "Submit for approval", role: "editor" },
      ];
    case "rejected":
      return [{ action: "build", label: "Build to development", role: "editor" }];
    case "submitted":
      return [
        { action: "approve", label: "Approve", role: "approver" },
        { action: "reject", label: "Reject", role: "approver" },
      ];
    case "approved":
      return [{ action: "publish", label: "Publish to production", role: "approver" }];
    case "published":
      return live
        ? []
        : [{ action: "republish", label: "Roll back to this library", role: "approver" }];
  }
}
