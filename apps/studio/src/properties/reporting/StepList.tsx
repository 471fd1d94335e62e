import { REPORTING_LIMITS, type ReportStep, type StepsPropertyReport } from "@liftoff/schema";
import FieldProblems from "../../forms/FieldProblems.tsx";
import { problemsAt } from "../../forms/problems.ts";
import ListItemActions, { focusNewEntry, useListFocus } from "./ListItemActions.tsx";
import { EventNumberBox, Field, type ReportEditorProps } from "./reportControls.tsx";
import { moved, NOT_TYPED, replaced } from "./reportingDraft.ts";

type Props = ReportEditorProps;

/** A steps report's steps: each a row of the funnel, counting one Analytics event. */
export default function StepList({
  report,
  onChange,
  problems,
  readOnly,
  id,
}: Props & { report: StepsPropertyReport; id: string }) {
  const listId = `${id}-steps-list`;
  const list = useListFocus(listId);
  const set = (steps: ReportStep[]) => onChange({ ...report, steps });
  return (
    <fieldset>
      <legend>Steps, in order: each counts the events carrying its Analytics event</legend>
      <FieldProblems id={`${id}-steps-problems`} messages={problemsAt(problems, "steps")} />
      <ol className="reporting-list" id={listId}>
        {report.steps.map((step, j) => {
          const box = `${id}-s${j}`;
          const at = (key: string) => problemsAt(problems, `steps[${j}]${key}`);
          return (
            <li key={j}>
              <FieldProblems id={`${box}-problems`} messages={at("")} />
              <div className="reporting-row">
                <Field id={`${box}-name`} label={`Step ${j + 1} name`} problems={at(".name")}>
                  <input
                    id={`${box}-name`}
                    value={step.name}
                    readOnly={readOnly}
                    aria-invalid={at(".name").length > 0}
                    aria-describedby={`${box}-name-problems`}
                    onChange={(e) =>
                      set(replaced(report.steps, j, { ...step, name: e.target.value }))
                    }
                  />
                </Field>
                <EventNumberBox
                  id={`${box}-eventNumber`}
                  label={`Step ${j + 1} Analytics event`}
                  value={step.eventNumber}
                  messages={at(".eventNumber")}
                  readOnly={readOnly}
                  onChange={(n) =>
                    set(replaced(report.steps, j, { ...step, eventNumber: n ?? NOT_TYPED }))
                  }
                />
              </div>
              {!readOnly && (
                <ListItemActions
                  noun="step"
                  index={j}
                  count={report.steps.length}
                  min={1}
                  focus={list}
                  onChange={(from, to) =>
                    set(
                      to === undefined
                        ? report.steps.filter((_, k) => k !== from)
                        : moved(report.steps, from, to),
                    )
                  }
                />
              )}
            </li>
          );
        })}
      </ol>
      {!readOnly && report.steps.length < REPORTING_LIMITS.steps && (
        <button
          type="button"
          id={`${listId}-add`}
          onClick={() => {
            focusNewEntry(list, report.steps.length);
            set([...report.steps, { name: "", eventNumber: NOT_TYPED }]);
          }}
        >
          Add step
        </button>
      )}
    </fieldset>
  );
}
