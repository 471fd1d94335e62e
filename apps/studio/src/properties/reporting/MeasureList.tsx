import { REPORTING_LIMITS, type ReportMeasure, type TopPropertyReport } from "@liftoff/schema";
import FieldProblems from "../../forms/FieldProblems.tsx";
import { problemsAt } from "../../forms/problems.ts";
import ListItemActions, { focusNewEntry, useListFocus } from "./ListItemActions.tsx";
import { EventNumberBox, Field, withOptional, type ReportEditorProps } from "./reportControls.tsx";
import { moved, replaced } from "./reportingDraft.ts";

type Props = ReportEditorProps;

/** A top report's measures: the numbers after its label, each a column. */
export default function MeasureList({
  report,
  onChange,
  problems,
  readOnly,
  id,
}: Props & { report: TopPropertyReport; id: string }) {
  const listId = `${id}-measures-list`;
  const list = useListFocus(listId);
  const set = (measures: ReportMeasure[]) => onChange({ ...report, measures });
  return (
    <fieldset>
      <legend>Measures: the numbers after the label</legend>
      <FieldProblems id={`${id}-measures-problems`} messages={problemsAt(problems, "measures")} />
      <ol className="reporting-list" id={listId}>
        {report.measures.map((measure, j) => {
          const box = `${id}-m${j}`;
          const at = (key: string) => problemsAt(problems, `measures[${j}]${key}`);
          return (
            <li key={j}>
              <FieldProblems id={`${box}-problems`} messages={at("")} />
              <div className="reporting-row">
                <Field id={`${box}-name`} label={`Measure ${j + 1} column`} problems={at(".name")}>
                  <input
                    id={`${box}-name`}
                    value={measure.name}
                    readOnly={readOnly}
                    spellCheck={false}
                    aria-invalid={at(".name").length > 0}
                    aria-describedby={`${box}-name-problems`}
                    onChange={(e) =>
                      set(replaced(report.measures, j, { ...measure, name: e.target.value }))
                    }
                  />
                </Field>
                <Field id={`${box}-of`} label={`Measure ${j + 1} counts`} problems={at(".of")}>
                  <select
                    id={`${box}-of`}
                    value={measure.of}
                    disabled={readOnly}
                    aria-describedby={`${box}-of-problems`}
                    onChange={(e) =>
                      set(
                        replaced(report.measures, j, {
                          ...measure,
                          of: e.target.value as ReportMeasure["of"],
                        }),
                      )
                    }
                  >
                    <option value="events">Events</option>
                    <option value="visitors">Visitors (distinct ECIDs)</option>
                  </select>
                </Field>
                <EventNumberBox
                  id={`${box}-eventNumber`}
                  label={`Measure ${j + 1}: only with Analytics event (optional)`}
                  value={measure.eventNumber}
                  messages={at(".eventNumber")}
                  readOnly={readOnly}
                  onChange={(n) =>
                    set(replaced(report.measures, j, withOptional(measure, "eventNumber", n)))
                  }
                />
              </div>
              {!readOnly && (
                <ListItemActions
                  noun="measure"
                  index={j}
                  count={report.measures.length}
                  min={1}
                  focus={list}
                  onChange={(from, to) =>
                    set(
                      to === undefined
                        ? report.measures.filter((_, k) => k !== from)
                        : moved(report.measures, from, to),
                    )
                  }
                />
              )}
            </li>
          );
        })}
      </ol>
      {!readOnly && report.measures.length < REPORTING_LIMITS.measures && (
        <button
          type="button"
          id={`${listId}-add`}
          onClick={() => {
            focusNewEntry(list, report.measures.length);
            set([...report.measures, { name: "", of: "events" }]);
          }}
        >
          Add measure
        </button>
      )}
    </fieldset>
  );
}
