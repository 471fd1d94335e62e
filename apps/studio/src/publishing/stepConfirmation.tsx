import type { LibraryInfo, PropertyState } from "@liftoff/schema";
import type { LibraryAction } from "../api/createStudioApi.ts";
import type { ConfirmRequest } from "../confirm/useConfirm.ts";
import PublishChangeList from "./PublishChangeList.tsx";
import { publishChanges } from "./publishChanges.ts";

/**
 * The question asked before a step that changes what visitors get or sends work back; other
 * steps (build, submit, approve) need no question. Publishing lists what production gains.
 */
export function stepConfirmation(
  action: LibraryAction,
  library: LibraryInfo,
  state: PropertyState | undefined,
): ConfirmRequest | undefined {
  const name = `“${library.name}”`;
  switch (action) {
    case "publish":
      return {
        title: `Publish ${name} to production?`,
        body: (
          <>
            <p>Every visitor gets it on their next page load.</p>
            {state ? (
              <PublishChangeList changes={publishChanges(library, state)} />
            ) : (
              <p className="muted">Loading what changes…</p>
            )}
          </>
        ),
        confirm: "Publish to production",
      };
    case "republish":
      return {
        title: `Roll production back to ${name}?`,
        body: (
          <p>
            Production serves {name} again instead of what it serves now; every visitor gets it on
            their next page load.
          </p>
        ),
        confirm: "Roll back",
        danger: true,
      };
    case "reject":
      return {
        title: `Reject ${name}?`,
        body: <p>It goes back to development, where its editors can change it and submit again.</p>,
        confirm: "Reject",
        danger: true,
      };
    default:
      return undefined;
  }
}
