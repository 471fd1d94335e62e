import {
  checkReporting,
  GENERIC_REPORT_FIELDS,
  REPORTING_LIMITS,
  type PropertyReport,
  type PropertyReporting,
} from "@liftoff/schema";
import { useState } from "react";
import FieldProblems from "../../forms/FieldProblems.tsx";
import { problemsAt, problemsUnder, type PathMessage } from "../../forms/problems.ts";
import ListItemActions, { focusNewEntry, useListFocus } from "./ListItemActions.tsx";
import PropertyReportEditor from "./PropertyReportEditor.tsx";
import ReportFieldsTable from "./ReportFieldsTable.tsx";
import { moved, newReport, replaced } from "./reportingDraft.ts";

/**
 * The Reporting part of a property's settings: the fields its own variables are read from and
 * the reports built on them. Problems are checkReporting's, the check the server runs before
 * it saves, as the author types; `problems` (the property's and a refused save's, named
 * `settings.reporting.…` or `property.settings.reporting.…`) add what the server said, each
 * message shown once.
 */
export default function ReportingSection({
  value,
  onChange,
  problems,
  readOnly,
}: {
  value: PropertyReporting;
  onChange: (value: PropertyReporting) => void;
  problems: readonly PathMessage[];
  readOnly: boolean;
}) {
  const server = [
    ...problemsUnder(problems, "settings.reporting"),
    ...problemsUnder(problems, "property.settings.reporting"),
  ];
  const live = problemsUnder(checkReporting({ reporting: value }), "settings.reporting");
  const shown = [
    ...live,
    ...server.filter((s) => !live.some((l) => l.path === s.path && l.message === s.message)),
  ];
  const reports = useListFocus("rep-reports");
  // Each report is a disclosure: a property with many reports reads as a list of titles.
  // Entries keep a key of their own, so a moved report keeps its open state and its boxes.
  const [entries, setEntries] = useState(() =>
    value.reports.map((_, i) => ({
      key: i,
      // Few reports, or one with a problem: open from the start.
      open: value.reports.length <= 2 || problemsUnder(shown, `reports[${i}]`).length > 0,
    })),
  );
  const nextKey = Math.max(-1, ...entries.map((e) => e.key)) + 1;
  const change = (next: PropertyReport[], nextEntries: typeof entries) => {
    setEntries(nextEntries);
    onChange({ ...value, reports: next });
  };
  return (
    <>
      <p className="muted">
        Where this property&apos;s own variables are in its events, and the reports the Reports page
        shows for it. A field tries its paths in order and takes the first value it finds.
      </p>
      <FieldProblems id="rep-problems" messages={problemsAt(shown, "")} />
      <h3 id="rep-fields-heading">Report fields</h3>
      <ReportFieldsTable
        fields={value.fields}
        onChange={(fields) => onChange({ ...value, fields })}
        problems={shown}
        readOnly={readOnly}
      />
      <p className="muted">
        Every property also has these fields: {GENERIC_REPORT_FIELDS.map((f) => f.label).join(", ")}
        .
      </p>
      <h3 id="rep-reports-heading">Reports</h3>
      <FieldProblems id="rep-reports-problems" messages={problemsAt(shown, "reports")} />
      {value.reports.length === 0 && <p className="muted">No reports of this property yet.</p>}
      <ol className="reporting-reports" id="rep-reports" aria-labelledby="rep-reports-heading">
        {value.reports.map((report, i) => {
          const entry = entries[i] ?? { key: nextKey + i, open: true };
          const own = problemsUnder(shown, `reports[${i}]`);
          const name = `Report ${i + 1}${report.title.trim() ? `: ${report.title}` : ""}`;
          return (
            <li key={entry.key}>
              <details
                className="reporting-report"
                open={entry.open}
                onToggle={(e) => {
                  const open = e.currentTarget.open;
                  if (open !== entry.open)
                    setEntries((all) => all.map((x) => (x.key === entry.key ? { ...x, open } : x)));
                }}
              >
                <summary>
                  <span id={`rep-r${i}-summary`}>{name}</span>{" "}
                  <span className="muted">
                    · {reportSummary(report)}
                    {own.length > 0 && (
                      <span className="error">
                        {" "}
                        · {own.length} {own.length === 1 ? "problem" : "problems"}
                      </span>
                    )}
                  </span>
                </summary>
                <div role="group" aria-labelledby={`rep-r${i}-summary`}>
                  <PropertyReportEditor
                    report={report}
                    index={i}
                    fields={value.fields}
                    problems={own}
                    readOnly={readOnly}
                    onChange={(next) => change(replaced(value.reports, i, next), entries)}
                  />
                  {!readOnly && (
                    <ListItemActions
                      noun="report"
                      index={i}
                      count={value.reports.length}
                      focus={reports}
                      onChange={(from, to) =>
                        to === undefined
                          ? change(
                              value.reports.filter((_, j) => j !== from),
                              entries.filter((_, j) => j !== from),
                            )
                          : change(moved(value.reports, from, to), moved(entries, from, to))
                      }
                    />
                  )}
                </div>
              </details>
            </li>
          );
        })}
      </ol>
      {!readOnly && (
        <button
          type="button"
          id="rep-reports-add"
          disabled={value.reports.length >= REPORTING_LIMITS.reports}
          onClick={() => {
            focusNewEntry(reports, value.reports.length);
            change(
              [...value.reports, newReport("top", value.fields)],
              [...entries, { key: nextKey, open: true }],
            );
          }}
        >
          Add report
        </button>
      )}
    </>
  );
}

/** A closed report's line: its kind and size, so the list reads without opening each. */
function reportSummary(report: PropertyReport): string {
  if (report.kind === "steps")
    return `steps, ${report.steps.length} ${report.steps.length === 1 ? "step" : "steps"}`;
  const n = report.measures.length;
  return `top values, ${n} ${n === 1 ? "measure" : "measures"}${report.rate ? " and a rate" : ""}`;
}
