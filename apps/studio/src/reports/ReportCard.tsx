import type { ReportInfo } from "@liftoff/schema";
import { lazy, Suspense, useMemo } from "react";
import ReportTable from "./ReportTable.tsx";
import QueryState from "../layout/QueryState.tsx";
import { csvHref, hasData, isTimeSeries, type ReportScope, toSeries } from "./reportCatalog.ts";
import { useReport } from "./useReport.ts";

const UPlotChart = lazy(() => import("./UPlotChart.tsx"));
/** Bars a chart draws at most; the table and the CSV have every row. */
const MAX_BARS = 20;

/**
 * One report: its chart, the same numbers as a table for screen readers and copying, and
 * its CSV. A report of the property's own (its Reporting settings) that its events do not
 * fill says which fields it reads instead.
 */
export default function ReportCard({ info, scope }: { info: ReportInfo; scope: ReportScope }) {
  const report = useReport(info.name, scope);
  const data = report.data;
  const filled = data ? hasData(data.rows) : false;
  const timeSeries = data ? isTimeSeries(data.columns, data.rows) : false;
  const chart = useMemo(
    () =>
      data ? toSeries(data.columns, timeSeries ? data.rows : data.rows.slice(0, MAX_BARS)) : null,
    [data, timeSeries],
  );
  const id = `report-${info.name}`;
  return (
    <section className="card report" aria-labelledby={id}>
      <div className="report-head">
        <h2 id={id}>{info.title}</h2>
        {filled && (
          <a href={csvHref(info.name, scope)} download aria-label={`Download ${info.title} as CSV`}>
            CSV
          </a>
        )}
      </div>
      <QueryState query={report}>
        {data && !filled && (
          <p className="muted report-note">
            {info.group === "property"
              ? // What it reads in the server's words: fields with their paths, filters, events.
                `No data in this range. This report reads ${info.reads}.`
              : "No data in this range."}
          </p>
        )}
        {data && chart && filled && (
          <>
            <Suspense fallback={<div className="chart" aria-hidden="true" />}>
              <UPlotChart
                labels={chart.labels}
                series={chart.series}
                timeSeries={timeSeries}
                title={info.title}
              />
            </Suspense>
            {!timeSeries && data.rows.length > MAX_BARS && (
              <p className="muted">
                The chart shows the top {MAX_BARS} of {data.rows.length}; the table has them all.
              </p>
            )}
            <details>
              <summary>Table</summary>
              <ReportTable columns={data.columns} rows={data.rows} />
            </details>
          </>
        )}
      </QueryState>
    </section>
  );
}
