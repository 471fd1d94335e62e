import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ResourceRef } from "@liftoff/schema";
import { Link, useParams } from "react-router";
import { useCatalog } from "../extensions/useCatalog.ts";
import QueryState from "../layout/QueryState.tsx";
import { useApi } from "../session/SessionContext.tsx";
import DiffView from "./DiffView.tsx";

/** Where a resource is edited, from the history page. */
function editorOf(ref: ResourceRef): string {
  const id = encodeURIComponent(ref.id);
  if (ref.kind === "rule") return `../rules/${id}`;
  if (ref.kind === "dataElement") return `../data-elements/${id}`;
  if (ref.kind === "extension") return "../extensions";
  if (ref.kind === "environment") return "../environments";
  return "../settings";
}

/**
 * The property-wide history: every change, who made it, and the resources it gave a new
 * revision; pick one to see what it changed, or compare any revision with the latest.
 */
export default function RevisionsPage() {
  const pid = useParams().pid!;
  const api = useApi();
  const revisions = useQuery({
    queryKey: ["property-derived", pid, "revisions"],
    queryFn: () => api.properties.revisions(pid),
  });
  const [pair, setPair] = useState<{ from: number; to: number } | null>(null);
  const diff = useQuery({
    queryKey: ["property-derived", pid, "diff", pair?.from, pair?.to],
    queryFn: () => api.properties.diff(pid, pair!.from, pair!.to),
    enabled: pair !== null,
  });
  // Both documents, so the diff can name fields by their labels and show moves as moves.
  const fromDoc = useRevision(pid, pair?.from);
  const toDoc = useRevision(pid, pair?.to);
  const catalog = useCatalog().data;
  const docs =
    fromDoc.data && toDoc.data
      ? { from: fromDoc.data.document, to: toDoc.data.document, catalog }
      : undefined;
  const list = revisions.data ?? [];
  const newest = list[0]?.revision;

  return (
    <>
      <h1>History</h1>
      <QueryState query={revisions}>
        <div className="split">
          <table>
            <thead>
              <tr>
                <th scope="col">Revision</th>
                <th scope="col">Change</th>
                <th scope="col">When, who</th>
                <th scope="col">Diff</th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.revision} aria-current={pair?.to === r.revision ? "true" : undefined}>
                  <td>{r.revision}</td>
                  <td>
                    {r.summary}
                    {r.resources.length > 0 && r.resources.length <= 5 && (
                      <ul className="plain touched">
                        {r.resources.map((x) => (
                          <li key={`${x.kind}:${x.id}`}>
                            <Link to={editorOf(x)}>{x.name}</Link>{" "}
                            <span className="muted">r{x.revision}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                    {r.resources.length > 5 && (
                      <div className="muted">{r.resources.length} resources</div>
                    )}
                  </td>
                  <td>
                    {new Date(r.createdAt).toLocaleString()}, {r.author}
                  </td>
                  <td>
                    <div className="row-actions">
                      {r.revision > 1 && (
                        <button
                          type="button"
                          aria-label={`Changes in revision ${r.revision}`}
                          onClick={() => setPair({ from: r.revision - 1, to: r.revision })}
                        >
                          Changes
                        </button>
                      )}
                      {newest !== undefined && r.revision !== newest && (
                        <button
                          type="button"
                          aria-label={`Compare revision ${r.revision} with latest`}
                          onClick={() => setPair({ from: r.revision, to: newest })}
                        >
                          Compare with latest
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pair && (
            <section aria-live="polite">
              <h2>
                Revision {pair.from} → {pair.to}
              </h2>
              <QueryState query={diff}>
                {diff.data && !fromDoc.isPending && !toDoc.isPending && (
                  <DiffView diff={diff.data} docs={docs} />
                )}
              </QueryState>
            </section>
          )}
        </div>
      </QueryState>
    </>
  );
}

function useRevision(pid: string, n: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ["property-derived", pid, "revision-state", n],
    queryFn: () => api.properties.revision(pid, n!),
    enabled: n !== undefined,
  });
}
