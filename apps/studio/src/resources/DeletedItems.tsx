import type { PropertyState } from "@liftoff/schema";
import MutationError from "../forms/MutationError.tsx";
import { usePropertyChange } from "../properties/useProperty.ts";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";

/**
 * Items deleted but not yet gone from production (or deleted since the last publish): who
 * deleted them, when, and Undo. A production publish that carries the delete removes them
 * from this list; their history stays.
 */
export default function DeletedItems({
  pid,
  state,
  kind,
}: {
  pid: string;
  state: PropertyState;
  kind: "rule" | "dataElement";
}) {
  const api = useApi();
  const canEdit = useCan("editor");
  const undo = usePropertyChange(pid, ({ id, revision }: { id: string; revision: number }) =>
    api.properties.restore(pid, kind, id, revision),
  );
  const deleted = state.resources.filter((r) => r.kind === kind && r.deleted);
  if (deleted.length === 0) return null;
  return (
    <section className="card deleted" aria-label="Deleted">
      <h2>Deleted — kept until the next production publish</h2>
      <MutationError error={undo.error} />
      <ul className="plain">
        {deleted.map((r) => (
          <li key={r.id}>
            <s>{r.name}</s>{" "}
            <span className="muted">
              deleted by {r.updatedBy},{" "}
              <time dateTime={r.updatedAt}>{new Date(r.updatedAt).toLocaleString()}</time>
              {r.publishedRevision !== undefined ? " · still in production" : ""}
            </span>{" "}
            {canEdit && (
              <button
                type="button"
                aria-label={`Undo delete: ${r.name}`}
                disabled={undo.isPending}
                onClick={() => undo.mutate({ id: r.id, revision: r.revision })}
              >
                Undo delete
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
