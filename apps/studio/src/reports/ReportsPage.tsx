import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import EnvironmentSelect from "../layout/EnvironmentSelect.tsx";
import QueryState from "../layout/QueryState.tsx";
import { resourceOf, useProperty } from "../properties/useProperty.ts";
import { useApi } from "../session/SessionContext.tsx";
import { dayString, type ReportScope } from "./reportCatalog.ts";
import ReportCard from "./ReportCard.tsx";
import ReportsEmptyState from "./ReportsEmptyState.tsx";
import SavedReportsList from "./SavedReportsList.tsx";
import { useReport } from "./useReport.ts";

const daysAgo = (n: number) => dayString(new Date(Date.now() - n * 86_400_000));

/**
 * Every report the server lists for the property, over one date range (inclusive days, UTC)
 * and optionally one environment: the built-in ones first, then the property's own (its
 * Reporting settings). A range without any event shows how to get data instead.
 */
export default function ReportsPage() {
  const pid = useParams().pid!;
  const state = useProperty(pid).data!;
  const [from, setFrom] = useState(daysAgo(6));
  const [to, setTo] = useState(daysAgo(0));
  const [environmentId, setEnvironmentId] = useState("");
  const invalid = from > to;
  const api = useApi();
  // The property's reports are part of its settings: a new settings revision (this tab's save
  // or a colleague's, through the change stream) asks for the list again.
  const settingsRevision = resourceOf(state, "settings", "property")?.revision ?? 0;
  const catalog = useQuery({
    queryKey: ["reportCatalog", pid, settingsRevision],
    queryFn: () => api.reportCatalog(pid),
    staleTime: Infinity,
  });
  const builtIn = catalog.data?.catalog.filter((info) => info.group !== "property") ?? [];
  const own = catalog.data?.catalog.filter((info) => info.group === "property") ?? [];
  const scope: ReportScope = { propertyId: pid, environmentId, from, to };
  // Events by type counts every event, so no rows means the range has none at all.
  const activity = useReport("eventTypes", scope);
  return (
    <>
      <h1>Reports</h1>
      <p>
        <Link to={`/properties/${encodeURIComponent(pid)}/reports/breakdown`}>
          Break events down by any field
        </Link>{" "}
        (an interaction name, a custom XDM or data field), with a second dimension.
      </p>
      <SavedReportsList pid={pid} />
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
        <EnvironmentSelect
          environments={state.document.environments}
          value={environmentId}
          onChange={setEnvironmentId}
        />
      </div>
      {invalid ? (
        <p role="alert">The start date is after the end date.</p>
      ) : (
        <QueryState query={catalog}>
          <QueryState query={activity}>
            {activity.data?.rows.length === 0 ? (
              <ReportsEmptyState pid={pid} />
            ) : (
              <>
                <div className="report-grid">
                  {builtIn.map((info) => (
                    <ReportCard key={info.name} info={info} scope={scope} />
                  ))}
                </div>
                {own.length > 0 && (
                  <>
                    <h2 id="own-reports">{state.document.property.name}&apos;s reports</h2>
                    <div className="report-grid">
                      {own.map((info) => (
                        <ReportCard key={info.name} info={info} scope={scope} />
                      ))}
                    </div>
                  </>
                )}
              </>
            )}
            {own.length === 0 && (
              <p className="muted">
                This property has no reports of its own yet: add its fields and reports under{" "}
                <Link to={`/properties/${encodeURIComponent(pid)}/settings#reporting`}>
                  Reporting in its settings
                </Link>
                .
              </p>
            )}
          </QueryState>
        </QueryState>
      )}
    </>
  );
}
