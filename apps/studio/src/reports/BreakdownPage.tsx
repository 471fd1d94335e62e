import type { SavedReport } from "@liftoff/schema";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import EnvironmentSelect from "../layout/EnvironmentSelect.tsx";
import ReportTable from "./ReportTable.tsx";
import QueryState from "../layout/QueryState.tsx";
import { useProperty } from "../properties/useProperty.ts";
import { useApi } from "../session/SessionContext.tsx";
import {
  breakdownCsvHref,
  breakdownFromDefinition,
  breakdownFromSearch,
  breakdownParams,
  breakdownToDefinition,
  breakdownToSearch,
  isFieldPath,
  savedReportPath,
  SUGGESTED_FIELDS,
  type BreakdownState,
} from "./breakdownQuery.ts";
import ReportNameDialog from "./ReportNameDialog.tsx";
import { savedReportKey, savedReportsKey } from "./savedReportKeys.ts";

const UPlotChart = lazy(() => import("./UPlotChart.tsx"));
/** Bars the chart draws at most; the table and the CSV have every row. */
const MAX_BARS = 20;

/**
 * A breakdown of stored events by any field path (and optionally a second), counting events
 * or visitors. The report lives in the page's URL: Run updates it, so the address bar (and
 * "Link to this report") opens the same report for anyone who may see the property. A saved
 * report opens as `?saved=<id>`: its definition comes from the server, and that address is
 * its shareable link.
 */
export default function BreakdownPage() {
  const pid = useParams().pid!;
  const api = useApi();
  const [search] = useSearchParams();
  const savedId = search.get("saved");
  const saved = useQuery({
    queryKey: savedReportKey(pid, savedId ?? ""),
    queryFn: () => api.savedReports.get(pid, savedId!),
    enabled: savedId !== null,
  });
  if (savedId === null) return <Breakdown key="" applied={breakdownFromSearch(search)} />;
  return (
    <QueryState query={saved}>
      {saved.data && (
        <Breakdown
          key={saved.data.id}
          applied={breakdownFromDefinition(saved.data.definition)}
          saved={saved.data}
        />
      )}
    </QueryState>
  );
}

function Breakdown({ applied, saved }: { applied: BreakdownState; saved?: SavedReport }) {
  const pid = useParams().pid!;
  const state = useProperty(pid).data!;
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [draft, setDraft] = useState<BreakdownState>(applied);
  const [naming, setNaming] = useState(false);
  const set = (patch: Partial<BreakdownState>) => setDraft({ ...draft, ...patch });
  const fieldBad = !isFieldPath(draft.field);
  const byBad = draft.by !== "" && !isFieldPath(draft.by);
  const rangeBad = draft.from > draft.to;
  const report = useQuery({
    queryKey: ["breakdown", pid, breakdownToSearch(applied).toString()],
    queryFn: () => api.report("breakdown", breakdownParams(pid, applied)),
  });
  const run = (e: FormEvent) => {
    e.preventDefault();
    if (fieldBad || byBad || rangeBad) return;
    // A changed saved report becomes a plain breakdown in the URL; saving it is a new report.
    setSearch(breakdownToSearch(draft));
  };
  // Saves the report as shown (not the unsent edits of the form), then opens it by its id,
  // so the address bar holds the link to share.
  const save = async (name: string) => {
    const created = await api.savedReports.create(pid, {
      name,
      definition: breakdownToDefinition(applied),
    });
    queryClient.setQueryData(savedReportKey(pid, created.id), created);
    await queryClient.invalidateQueries({ queryKey: savedReportsKey(pid) });
    setNaming(false);
    await navigate(savedReportPath(pid, created.id));
  };
  const link = saved
    ? savedReportPath(pid, saved.id)
    : `/properties/${encodeURIComponent(pid)}/reports/breakdown?${search.toString()}`;
  const data = report.data;
  const dims = applied.by ? 2 : 1;
  // Memoised: the chart redraws whenever its labels or series are new arrays.
  const chart = useMemo(
    () =>
      data && {
        labels: data.rows.slice(0, MAX_BARS).map((r) => r.slice(0, dims).join(" · ")),
        series: [
          {
            name: applied.measure,
            values: data.rows.slice(0, MAX_BARS).map((r) => Number(r[dims])),
          },
        ],
      },
    [data, dims, applied.measure],
  );
  const title = `${applied.measure === "visitors" ? "Visitors" : "Events"} by ${applied.field}${applied.by ? ` and ${applied.by}` : ""}`;

  return (
    <>
      <p>
        <Link to={`/properties/${encodeURIComponent(pid)}/reports`}>← Reports</Link>
      </p>
      <h1>{saved ? saved.name : "Breakdown"}</h1>
      {saved && (
        <p className="muted">
          Saved report by {saved.createdBy}, {new Date(saved.updatedAt).toLocaleString()}. Change it
          below and Run to explore; Save report keeps the result as a new report.
        </p>
      )}
      <form className="filters breakdown-form" aria-label="Breakdown" onSubmit={run}>
        <label>
          Field
          <input
            list="breakdown-fields"
            value={draft.field}
            spellCheck={false}
            aria-invalid={fieldBad}
            aria-describedby="breakdown-path-hint"
            onChange={(e) => set({ field: e.target.value.trim() })}
          />
        </label>
        <label>
          Then by (optional)
          <input
            list="breakdown-fields"
            value={draft.by}
            spellCheck={false}
            aria-invalid={byBad}
            aria-describedby="breakdown-path-hint"
            onChange={(e) => set({ by: e.target.value.trim() })}
          />
        </label>
        <datalist id="breakdown-fields">
          {SUGGESTED_FIELDS.map((f) => (
            <option key={f} value={f} />
          ))}
        </datalist>
        <label>
          Count
          <select
            value={draft.measure}
            onChange={(e) => set({ measure: e.target.value as BreakdownState["measure"] })}
          >
            <option value="events">Events</option>
            <option value="visitors">Visitors (distinct ECIDs)</option>
          </select>
        </label>
        <label>
          Only event type
          <input
            value={draft.eventType}
            placeholder="all"
            spellCheck={false}
            onChange={(e) => set({ eventType: e.target.value.trim() })}
          />
        </label>
        <EnvironmentSelect
          environments={state.document.environments}
          value={draft.environmentId}
          onChange={(environmentId) => set({ environmentId })}
        />
        <label>
          From
          <input
            type="date"
            value={draft.from}
            onChange={(e) => e.target.value && set({ from: e.target.value })}
          />
        </label>
        <label>
          To
          <input
            type="date"
            value={draft.to}
            onChange={(e) => e.target.value && set({ to: e.target.value })}
          />
        </label>
        <button type="submit">Run</button>
      </form>
      <p id="breakdown-path-hint" className={fieldBad || byBad ? "error" : "muted"}>
        {fieldBad || byBad
          ? "A field is xdm or data, then dotted names of letters, digits and _ (up to 8), such as xdm.web.webInteraction.name or data._pcm.pageSection."
          : "Any field of the stored events: xdm.… or data.… (UTC days, at most 92)."}
      </p>
      {rangeBad && <p role="alert">The start date is after the end date.</p>}
      <section className="card report" aria-labelledby="breakdown-title">
        <div className="report-head">
          <h2 id="breakdown-title">{title}</h2>
          <span className="report-links">
            <Link to={link}>Link to this report</Link>
            <button type="button" className="link" onClick={() => setNaming(true)}>
              Save report
            </button>
            {data && data.rows.length > 0 && (
              <a href={breakdownCsvHref(pid, applied)} download>
                CSV
              </a>
            )}
          </span>
        </div>
        <QueryState query={report}>
          {data && data.rows.length === 0 && <p className="muted">No events in this range.</p>}
          {data && chart && data.rows.length > 0 && (
            <>
              <Suspense fallback={<div className="chart" aria-hidden="true" />}>
                <UPlotChart
                  labels={chart.labels}
                  series={chart.series}
                  timeSeries={false}
                  title={title}
                />
              </Suspense>
              {data.rows.length > MAX_BARS && (
                <p className="muted">
                  The chart shows the top {MAX_BARS} of {data.rows.length}; the table has them all.
                </p>
              )}
              <ReportTable columns={data.columns} rows={data.rows} />
            </>
          )}
        </QueryState>
      </section>
      {naming && (
        <ReportNameDialog
          title="Save report"
          confirm="Save"
          initialName={saved ? `${saved.name} (copy)` : title}
          onSubmit={save}
          onClose={() => setNaming(false)}
        />
      )}
    </>
  );
}
