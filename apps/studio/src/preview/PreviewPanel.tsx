import type { PreviewTrace } from "@liftoff/schema";
import { useEffect, useMemo, useState } from "react";
import type { LiveStatus } from "../events/useLiveEvents.ts";
import { groupTraces, requestIdOf, serverRuns, type RuleFilter } from "./groupTraces.ts";
import PageViewCard from "./PageViewCard.tsx";
import ServerRules from "./ServerRules.tsx";

/**
 * How long the server rules of a request wait for the page's record of that request before
 * they are listed apart: the page reports its request after the edge answered, often after
 * the server reported its rules.
 */
export const APART_AFTER_MS = 5_000;

const STATUS: Record<LiveStatus, string> = {
  connecting: "Connecting…",
  open: "Live",
  error: "Connection lost; reconnecting…",
};

/** The live debugger: what the previewed tab did, per page view, newest first. */
export default function PreviewPanel({
  pid,
  traces,
  status,
}: {
  pid: string;
  traces: readonly PreviewTrace[];
  status: LiveStatus;
}) {
  const [filter, setFilter] = useState<RuleFilter>("all");
  const [search, setSearch] = useState("");
  const views = useMemo(() => groupTraces(traces), [traces]);
  const server = useMemo(() => serverRuns(traces), [traces]);
  // Server rules of a request no page view shows (its page's records were lost, or came
  // from elsewhere with the session's parameter): listed apart rather than dropped.
  const shown = new Set(views.flatMap((v) => v.edges.map((e) => requestIdOf(e))));
  const waiting = [...server.values()].filter((run) => !shown.has(run.requestId));
  const [overdue, setOverdue] = useState<ReadonlySet<string>>(new Set());
  const waitingKey = waiting.map((run) => run.requestId).join(" ");
  useEffect(() => {
    if (waitingKey === "") return;
    const timer = setTimeout(
      () => setOverdue((old) => new Set([...old, ...waitingKey.split(" ")])),
      APART_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [waitingKey]);
  const apart = waiting.filter((run) => overdue.has(run.requestId));
  return (
    <section className="preview-panel" aria-labelledby="preview-panel-title">
      <h2 id="preview-panel-title">What the page did</h2>
      <p role="status" className={`live-status live-${status}`}>
        {STATUS[status]}
        {status === "open" &&
          ` · ${views.length} page ${views.length === 1 ? "view" : "views"}, ${traces.length} records`}
      </p>
      <div className="filters" role="search">
        <label>
          Rules shown
          <select value={filter} onChange={(e) => setFilter(e.target.value as RuleFilter)}>
            <option value="all">All rules</option>
            <option value="fired">Only rules that fired</option>
            <option value="not fired">Only rules not fired</option>
          </select>
        </label>
        <label>
          Rule name
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
      </div>
      {views.length === 0 ? (
        <p className="empty-state">
          Open the link on the site; this page fills as it runs. Each page load shows here with
          every trigger, why each rule fired or not, the data elements it read and its requests to
          the edge.
        </p>
      ) : (
        views.map((view) => (
          <PageViewCard
            key={view.pageId}
            pid={pid}
            view={view}
            filter={filter}
            search={search}
            server={server}
          />
        ))
      )}
      {apart.length > 0 && (
        <article className="card page-view" aria-label="Server rules of other edge requests">
          <h2>Server rules of other edge requests</h2>
          <p className="muted">Edge requests of this session that no page view above shows.</p>
          <ol className="plain">
            {apart.map((run) => (
              <li key={run.requestId} className="card edge-request">
                <p className="muted preview-url">Request {run.requestId}</p>
                <ServerRules run={run} />
              </li>
            ))}
          </ol>
        </article>
      )}
    </section>
  );
}
