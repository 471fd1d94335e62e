import { DEFAULT_LIBRARY_MAX_AGE, type LibraryInfo, type PropertyState } from "@liftoff/schema";
import type { LibraryAction } from "../api/createStudioApi.ts";
import type { ConfirmRequest } from "../confirm/useConfirm.ts";
import PublishChangeList from "./PublishChangeList.tsx";
import { publishChanges } from "./publishChanges.ts";

/**
 * The question asked before a step that changes what visitors get or sends work back; other
 * steps (build, submit, approve) need no question, except approving a library `me` (the
 * signed-in user) submitted, which the property allows (separation of duties off) but which
 * skips a second pair of eyes. Publishing lists what production gains.
 */
export function stepConfirmation(
  action: LibraryAction,
  library: LibraryInfo,
  state: PropertyState | undefined,
  me?: string,
): ConfirmRequest | undefined {
  const name = `“${library.name}”`;
  const changes = state ? (
    <PublishChangeList changes={publishChanges(library, state)} />
  ) : (
    <p className="muted">Loading what changes…</p>
  );
  switch (action) {
    case "publish":
      return {
        title: `Publish ${name} to production?`,
        body: (
          <>
            <p>{reachesVisitors(state)}</p>
            {changes}
          </>
        ),
        confirm: "Publish to production",
      };
    case "republish":
      return {
        title: `Roll production back to ${name}?`,
        body: (
          <>
            <p>
              Production serves {name} again instead of what it serves now. {reachesVisitors(state)}
            </p>
            {changes}
          </>
        ),
        confirm: "Roll back",
        danger: true,
      };
    case "approve":
      if (me === undefined || library.submittedBy !== me) return undefined;
      return {
        title: `Approve ${name}?`,
        body: (
          <p>
            You are approving your own library: you submitted it, so nobody else has looked at it.
            Once approved, it can be published to production.
          </p>
        ),
        confirm: "Approve",
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

/** "an hour", "10 minutes", "2 hours": a cache lifetime in words. */
export function lifetime(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "a minute" : `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? "an hour" : `${hours} hours`;
}

/**
 * When visitors see a production change: browsers and CDNs keep the library for its cache
 * lifetime (the property's `libraryMaxAge`, `Cache-Control: max-age`), so not on their next
 * page load but as their copy expires.
 */
function reachesVisitors(state: PropertyState | undefined): string {
  const maxAge = state?.document.property.settings.libraryMaxAge ?? DEFAULT_LIBRARY_MAX_AGE;
  return maxAge === 0
    ? "Visitors get it on their next page load."
    : `Visitors get it as their cached copy expires: within ${lifetime(maxAge)}, the library's cache lifetime.`;
}
