import type { PropertyState } from "@liftoff/schema";
import { useConfirm } from "../confirm/useConfirm.ts";
import MutationError from "../forms/MutationError.tsx";
import { resourceIndex, usePropertyChange } from "../properties/useProperty.ts";
import { useApi } from "../session/SessionContext.tsx";

type Action = "enable" | "disable" | "delete";

const VERB: Record<Action, string> = { enable: "Enable", disable: "Disable", delete: "Delete" };

/**
 * Actions on the checked items of a list, all in one change (one property revision). Each
 * item is sent with the revision shown, so an item someone else changed meanwhile makes the
 * whole change fail with a conflict instead of overwriting their work.
 */
export default function BulkBar({
  pid,
  state,
  kind,
  selected,
  actions,
  onDone,
}: {
  pid: string;
  state: PropertyState;
  kind: "rule" | "dataElement";
  selected: string[];
  actions: Action[];
  onDone: () => void;
}) {
  const api = useApi();
  const confirm = useConfirm();
  const bulk = usePropertyChange(pid, (action: Action) =>
    api.properties.bulk(
      pid,
      action,
      selected.map((id) => ({ kind, id, revision: resourceIndex(state)(kind, id)?.revision ?? 0 })),
    ),
  );
  const noun = kind === "rule" ? "rule" : "data element";
  const count = `${selected.length} ${noun}${selected.length === 1 ? "" : "s"}`;
  const run = async (action: Action) => {
    const ok =
      action !== "delete" ||
      (await confirm({
        title: `Delete ${count}?`,
        body: (
          <p>
            They leave the next builds. You can undo it from Deleted until the next production
            publish.
          </p>
        ),
        confirm: `Delete ${count}`,
        danger: true,
      }));
    if (ok) bulk.mutate(action, { onSuccess: onDone });
  };
  return (
    <div className="bulk-bar" role="group" aria-label="With the checked items">
      <span>{selected.length > 0 ? `${count} checked` : `Check ${noun}s to act on several`}</span>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={action === "delete" ? "danger" : "secondary"}
          disabled={selected.length === 0 || bulk.isPending}
          onClick={() => void run(action)}
        >
          {VERB[action]}
        </button>
      ))}
      <MutationError error={bulk.error} />
    </div>
  );
}
