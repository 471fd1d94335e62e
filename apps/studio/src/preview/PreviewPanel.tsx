import type { PreviewTrace } from "@liftoff/schema";
import { useMemo, useState } from "react";
import type { LiveStatus } from "../events/useLiveEvents.ts";
import { groupTraces, type RuleFilter } from "./groupTraces.ts";
import PageViewCard from "./PageViewCard.tsx";

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
          <PageViewCard key={view.pageId} pid={pid} view={view} filter={filter} search={search} />
        ))
      )}
    </section>
  );
}
