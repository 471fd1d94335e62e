import type { AuditEntry } from "@liftoff/schema";
import type { AuditKnown } from "./auditTarget.ts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import QueryState from "../layout/QueryState.tsx";
import { useApi } from "../session/SessionContext.tsx";
import { auditTarget } from "./auditTarget.ts";
import { useAuditKnown } from "./useAuditKnown.ts";

const PAGE = 50;

/** The audit log (who did what, when), for one property or for everything; paged by id. */
export default function AuditPage() {
  const pid = useParams().pid;
  const api = useApi();
  const [action, setAction] = useState("");
  const audit = useInfiniteQuery({
    queryKey: ["audit", pid ?? "*"],
    queryFn: ({ pageParam }) => api.audit({ propertyId: pid, limit: PAGE, before: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: AuditEntry[]) =>
      last.length < PAGE ? undefined : last[last.length - 1]?.id,
  });
  const entries = (audit.data?.pages ?? []).flat();
  const shown = action ? entries.filter((e) => e.action.startsWith(action)) : entries;
  const prefixes = [...new Set(entries.map((e) => e.action.split(".")[0]!))];
  const known = useAuditKnown([
    ...new Set(entries.flatMap((e) => (e.propertyId ? [e.propertyId] : []))),
  ]);

  // Inside a property the layout already provides the <main> landmark.
  const Frame = pid ? "div" : "main";
  return (
    <Frame className={pid ? undefined : "page"}>
      <h1>Audit log</h1>
      <div className="filters" role="search">
        <label>
          Action
          <select value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="">All</option>
            {prefixes.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={audit}>
        <table className="audit">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
              <th scope="col">Revision</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => (
              <tr key={e.id}>
                <td data-label="When">{new Date(e.at).toLocaleString()}</td>
                <td data-label="Who">{e.user}</td>
                <td data-label="Action">
                  <code>{e.action}</code>
                </td>
                <td data-label="Target">
                  <AuditTarget
                    entry={e}
                    known={e.propertyId ? known.get(e.propertyId) : undefined}
                  />
                </td>
                <td data-label="Revision">{e.revision ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {audit.hasNextPage && (
          <button
            type="button"
            disabled={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            Older entries
          </button>
        )}
      </QueryState>
    </Frame>
  );
}

function AuditTarget({ entry, known }: { entry: AuditEntry; known: AuditKnown | undefined }) {
  const view = auditTarget(entry, known);
  return view.to ? <Link to={view.to}>{view.text}</Link> : <>{view.text}</>;
}
