import type { ResourceKind } from "@liftoff/schema";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import QueryState from "../layout/QueryState.tsx";
import { usePropertyChange } from "../properties/useProperty.ts";
import { useCan } from "../session/Can.tsx";
import { useConfirm } from "../confirm/useConfirm.ts";
import { useApi } from "../session/SessionContext.tsx";
import { useCatalog } from "../extensions/useCatalog.ts";
import ChangeTable from "./ChangeTable.tsx";
import { itemChanges } from "./itemChanges.ts";
import MutationError from "./MutationError.tsx";

/**
 * One resource's revisions, newest first: who saved what and when. Any revision can be
 * viewed against the current one, field by field, and restored as the newest revision.
 */
export default function ResourceHistory({
  pid,
  kind,
  id,
  current,
  revision,
}: {
  pid: string;
  kind: ResourceKind;
  id: string;
  /** The current version, to compare with. */
  current: unknown;
  /** Its revision (a restore is based on it). */
  revision: number;
}) {
  const api = useApi();
  const canEdit = useCan("editor");
  const confirm = useConfirm();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<number>();
  const history = useQuery({
    queryKey: ["property-derived", pid, "history", kind, id, revision],
    queryFn: () => api.properties.resourceRevisions(pid, kind, id),
    enabled: open,
  });
  const shown = useQuery({
    queryKey: ["property-derived", pid, "revision", kind, id, viewing],
    queryFn: () => api.properties.resourceRevision(pid, kind, id, viewing!),
    enabled: viewing !== undefined,
  });
  const restore = usePropertyChange(pid, (from: number) =>
    api.properties.restore(pid, kind, id, revision, from),
  );
  return (
    <details
      className="history card"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary>History (revision {revision})</summary>
      <MutationError error={restore.error} />
      <QueryState query={history}>
        <ol className="revisions">
          {(history.data ?? []).map((h) => (
            <li key={h.revision}>
              <span className="revision">r{h.revision}</span>{" "}
              <span>
                {h.summary}
                {h.deleted && <span className="badge">deleted</span>}
              </span>
              <span className="muted">
                {" "}
                · {h.author} ·{" "}
                <time dateTime={h.createdAt}>{new Date(h.createdAt).toLocaleString()}</time>
              </span>
              {h.revision !== revision && (
                <span className="row-actions">
                  <button
                    type="button"
                    className="link"
                    aria-expanded={viewing === h.revision}
                    onClick={() => setViewing(viewing === h.revision ? undefined : h.revision)}
                  >
                    {viewing === h.revision ? "Hide" : "View"} r{h.revision}
                  </button>
                  {canEdit && !h.deleted && (
                    <button
                      type="button"
                      disabled={restore.isPending}
                      onClick={() =>
                        void confirm({
                          title: `Restore revision ${h.revision}?`,
                          body: (
                            <p>
                              Revision {h.revision} is saved again as revision {revision + 1}; the
                              current version stays in the history.
                            </p>
                          ),
                          confirm: `Restore r${h.revision}`,
                        }).then((ok) => ok && restore.mutate(h.revision))
                      }
                    >
                      Restore r{h.revision}
                    </button>
                  )}
                </span>
              )}
              {viewing === h.revision && shown.data && (
                <RevisionDiff then={shown.data.body} now={current} revision={h.revision} />
              )}
            </li>
          ))}
        </ol>
      </QueryState>
    </details>
  );
}

function RevisionDiff({ then, now, revision }: { then: unknown; now: unknown; revision: number }) {
  const catalog = useCatalog().data;
  const rows = itemChanges(then, now, catalog);
  if (rows.length === 0) return <p className="muted">Same as the current version.</p>;
  return <ChangeTable rows={rows} before={`Revision ${revision}`} after="Current" />;
}
