import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useMemo } from "react";
import QueryState from "../layout/QueryState.tsx";
import { useApi } from "../session/SessionContext.tsx";
import { isTimeSeries, rangeToQuery, toSeries } from "./reportCatalog.ts";

const UPlotChart = lazy(() => import("./UPlotChart.tsx"));

const format = (v: string | number | null) =>
  typeof v === "number" ? (Number.isInteger(v) ? v.toLocaleString() : v.toFixed(2)) : (v ?? "");

/** One report: its chart, and the same numbers as a table for screen readers and copying. */
export default function ReportCard({
  name,
  title,
  propertyId,
  environmentId,
  from,
  to,
}: {
  name: string;
  title: string;
  propertyId: string;
  environmentId: string;
  from: string;
  to: string;
}) {
  const api = useApi();
  const report = useQuery({
    queryKey: ["report", name, propertyId, environmentId, from, to],
    queryFn: () =>
      api.report(name, {
        propertyId,
        environmentId: environmentId || undefined,
        ...rangeToQuery(from, to),
      }),
  });
  const data = report.data;
  const chart = useMemo(() => (data ? toSeries(data.columns, data.rows) : null), [data]);
  return (
    <section className="card report" aria-labelledby={`report-${name}`}>
      <h2 id={`report-${name}`}>{title}</h2>
      <QueryState query={report}>
        {data && chart && data.rows.length === 0 && <p className="muted">No data in this range.</p>}
        {data && chart && data.rows.length > 0 && (
          <>
            <Suspense fallback={<div className="chart" aria-hidden="true" />}>
              <UPlotChart
                labels={chart.labels}
                series={chart.series}
                timeSeries={isTimeSeries(data.columns, data.rows)}
                title={title}
              />
            </Suspense>
            <details>
              <summary>Table</summary>
              <table>
                <thead>
                  <tr>
                    {data.columns.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((row, i) => (
                    <tr key={i}>
                      {row.map((v, j) => (
                        <td key={j}>{format(v)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        )}
      </QueryState>
    </section>
  );
}
