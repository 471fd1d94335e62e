import type { LibraryInfo } from "@liftoff/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LibraryAction } from "../api/createStudioApi.ts";
import { useConfirm } from "../confirm/useConfirm.ts";
import MutationError from "../forms/MutationError.tsx";
import { useProperty } from "../properties/useProperty.ts";
import { hasRole } from "../session/roles.ts";
import { useApi, useRole, useSession } from "../session/SessionContext.tsx";
import { libraryActions } from "./libraryActions.ts";
import { stepConfirmation } from "./stepConfirmation.tsx";

/** The flow's next steps for one library, those the user's role allows. */
export default function LibrarySteps({ pid, library }: { pid: string; library: LibraryInfo }) {
  const api = useApi();
  const role = useRole();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const me = useSession().session?.user.username;
  const state = useProperty(pid).data;
  // Separation of duties: with the property's setting on, the server refuses the submitter's
  // approval, so the button says why instead of failing; off, the confirmation warns them.
  const separate = state?.document.property.settings.separationOfDuties === true;
  const ownSubmission =
    library.state === "submitted" &&
    library.submittedBy !== undefined &&
    library.submittedBy === me;
  const blocked = (action: LibraryAction) => separate && ownSubmission && action === "approve";
  const reasonId = `approve-blocked-${library.id}`;
  const act = useMutation({
    mutationFn: (action: LibraryAction) => api.libraries.act(pid, library.id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["property-derived", pid] }),
    // What production serves moved: every item's standing against it did too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["property", pid] }),
  });
  const all = libraryActions(library, library.live);
  const offers = all.filter((o) => hasRole(role, o.role));
  // A step only another role may take: say who, so the library does not just sit there.
  if (offers.length === 0 && !act.error)
    return library.state === "submitted" || library.state === "approved" ? (
      <p className="muted">
        {library.state === "approved" ? "Waiting to be published" : "Waiting for an approver"}: a
        user with the approver or admin role
        {library.state === "submitted" && separate && library.submittedBy
          ? ` other than ${library.submittedBy} (who submitted it)`
          : ""}{" "}
        {library.state === "approved" ? "publishes" : "approves"} it.
      </p>
    ) : null;
  return (
    <div className="row-actions">
      {offers.map((o) => (
        <button
          key={o.action}
          type="button"
          aria-label={`${o.label}: ${library.name}`}
          disabled={act.isPending || blocked(o.action)}
          {...(blocked(o.action) ? { "aria-describedby": reasonId } : {})}
          onClick={() => {
            const ask = stepConfirmation(o.action, library, state, me);
            if (!ask) return act.mutate(o.action);
            void confirm(ask).then((ok) => ok && act.mutate(o.action));
          }}
        >
          {o.label}
        </button>
      ))}
      {offers.some((o) => blocked(o.action)) && (
        <span id={reasonId} className="muted">
          You submitted this library; another approver must approve it (a user with the approver or
          admin role other than you).
        </span>
      )}
      {act.isPending && <span role="status">Working…</span>}
      <MutationError error={act.error} />
    </div>
  );
}
