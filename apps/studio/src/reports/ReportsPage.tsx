import { useState } from "react";
import { useParams } from "react-router";
import { useProperty } from "../properties/useProperty.ts";
import { dayString, REPORTS } from "./reportCatalog.ts";
import ReportCard from "./ReportCard.tsx";

const daysAgo = (n: number) => dayString(new Date(Date.now() - n * 86_400_000));

/** Every report over one date range (inclusive days, UTC) and optionally one environment. */
export default function ReportsPage() {
  const pid = useParams().pid!;
  const state = useProperty(pid).data!;
  const [from, setFrom] = useState(daysAgo(6));
  const [to, setTo] = useState(daysAgo(0));
  const [environmentId, setEnvironmentId] = useState("");
  const invalid = from > to;
  return (
    <>
      <h1>Reports</h1>
      <div className="filters">
        <label>
          From
          <input
            type="date"
            value={from}
            max={to}
            onChange={(e) => e.target.value && setFrom(e.target.value)}
          />
        </label>
        <label>
          To
          <input
            type="date"
            value={to}
            min={from}
            onChange={(e) => e.target.value && setTo(e.target.value)}
          />
        </label>
        <label>
          Environment
          <select value={environmentId} onChange={(e) => setEnvironmentId(e.target.value)}>
            <option value="">All</option>
            {state.document.environments.map((env) => (
              <option key={env.id} value={env.id}>
                {env.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {invalid ? (
        <p role="alert">The start date is after the end date.</p>
      ) : (
        <div className="report-grid">
          {REPORTS.map((r) => (
            <ReportCard
              key={r.name}
              name={r.name}
              title={r.title}
              propertyId={pid}
              environmentId={environmentId}
              from={from}
              to={to}
            />
          ))}
        </div>
      )}
    </>
  );
}
