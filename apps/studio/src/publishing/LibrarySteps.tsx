import type { LibraryInfo } from "@liftoff/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LibraryAction } from "../api/createStudioApi.ts";
import { useConfirm } from "../confirm/useConfirm.ts";
import MutationError from "../forms/MutationError.tsx";
import { useProperty } from "../properties/useProperty.ts";
import { hasRole } from "../session/roles.ts";
import { useApi, useRole } from "../session/SessionContext.tsx";
import { libraryActions } from "./libraryActions.ts";
import { stepConfirmation } from "./stepConfirmation.tsx";

/** The flow's next steps for one library, those the user's role allows. */
export default function LibrarySteps({ pid, library }: { pid: string; library: LibraryInfo }) {
  const api = useApi();
  const role = useRole();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const state = useProperty(pid).data;
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
        user with the approver or admin role{" "}
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
          disabled={act.isPending}
          onClick={() => {
            const ask = stepConfirmation(o.action, library, state);
            if (!ask) return act.mutate(o.action);
            void confirm(ask).then((ok) => ok && act.mutate(o.action));
          }}
        >
          {o.label}
        </button>
      ))}
      {act.isPending && <span role="status">Working…</span>}
      <MutationError error={act.error} />
    </div>
  );
}
