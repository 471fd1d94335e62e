import { GENERIC_REPORT_FIELDS, REPORTING_LIMITS, type TopPropertyReport } from "@liftoff/schema";
import FieldProblems from "../../forms/FieldProblems.tsx";
import { problemsAt } from "../../forms/problems.ts";
import ListItemActions, { focusNewEntry, useListFocus } from "./ListItemActions.tsx";
import MeasureList from "./MeasureList.tsx";
import RateFields from "./RateFields.tsx";
import {
  EventNumberBox,
  TextBox,
  withOptional,
  type ReportEditorProps,
} from "./reportControls.tsx";
import { moved, replaced } from "./reportingDraft.ts";

type Props = ReportEditorProps;

/** The parts of a `top` report: what it groups by, which events it counts, its columns. */
export default function TopReportParts(props: Props & { report: TopPropertyReport; id: string }) {
  const { report, onChange, problems, readOnly, id } = props;
  const at = (path: string) => problemsAt(problems, path);
  return (
    <>
      <LabelFields {...props} />
      <div className="field field-check">
        <label>
          <input
            type="checkbox"
            checked={report.lowercase === true}
            disabled={readOnly}
            onChange={(e) =>
              onChange(withOptional(report, "lowercase", e.target.checked || undefined))
            }
          />
          Count values that differ only in capitals as one (lower case)
        </label>
      </div>
      <TextBox
        {...props}
        id={`${id}-eventType`}
        label="Only events of type (optional)"
        path="eventType"
        help="An XDM event type, such as web.webpagedetails.pageViews."
      />
      <EventNumberBox
        id={`${id}-eventNumber`}
        label="Only events carrying Analytics event (optional)"
        help={`A number from 1 to ${REPORTING_LIMITS.eventNumber}: 5 keeps the events that set event5.`}
        value={report.eventNumber}
        messages={at("eventNumber")}
        readOnly={readOnly}
        onChange={(n) => onChange(withOptional(report, "eventNumber", n))}
      />
      <MeasureList {...props} />
      <RateFields
        report={report}
        onChange={onChange}
        problems={problems}
        readOnly={readOnly}
        id={id}
      />
    </>
  );
}

/** The fields a top report groups by, coalesced in order: each a choice among the known ones. */
function LabelFields({
  report,
  onChange,
  problems,
  readOnly,
  id,
  fields,
}: Props & { report: TopPropertyReport; id: string }) {
  const listId = `${id}-label-list`;
  const list = useListFocus(listId);
  const known = new Set([
    ...fields.map((f) => f.name),
    ...GENERIC_REPORT_FIELDS.map((f) => f.name),
  ]);
  return (
    <fieldset>
      <legend>Group by: the first of these fields with a value</legend>
      <FieldProblems id={`${id}-label-problems`} messages={problemsAt(problems, "label")} />
      <ol className="reporting-list" id={listId}>
        {report.label.map((name, j) => {
          const box = `${id}-label${j}`;
          const messages = problemsAt(problems, `label[${j}]`);
          return (
            <li key={j}>
              <div className="field">
                <label htmlFor={box}>Field {j + 1}</label>
                <select
                  id={box}
                  value={name}
                  disabled={readOnly}
                  aria-invalid={messages.length > 0}
                  aria-describedby={`${box}-problems`}
                  onChange={(e) =>
                    onChange({ ...report, label: replaced(report.label, j, e.target.value) })
                  }
                >
                  {/* A name the mapping no longer has stays visible, with the checker's problem. */}
                  {!known.has(name) && <option value={name}>{name || "(none)"}</option>}
                  {fields.length > 0 && (
                    <optgroup label="This property's fields">
                      {fields
                        // A name typed twice is offered once (the checker marks the second).
                        .filter(
                          (f, k) =>
                            f.name !== "" && fields.findIndex((g) => g.name === f.name) === k,
                        )
                        .map((f) => (
                          <option key={f.name} value={f.name}>
                            {f.label || f.name}
                          </option>
                        ))}
                    </optgroup>
                  )}
                  <optgroup label="Every property's fields">
                    {GENERIC_REPORT_FIELDS.map((f) => (
                      <option key={f.name} value={f.name}>
                        {f.label}
                      </option>
                    ))}
                  </optgroup>
                </select>
                <FieldProblems id={`${box}-problems`} messages={messages} />
              </div>
              {!readOnly && (
                <ListItemActions
                  noun="group-by field"
                  index={j}
                  count={report.label.length}
                  min={1}
                  focus={list}
                  onChange={(from, to) =>
                    onChange({
                      ...report,
                      label:
                        to === undefined
                          ? report.label.filter((_, k) => k !== from)
                          : moved(report.label, from, to),
                    })
                  }
                />
              )}
            </li>
          );
        })}
      </ol>
      {!readOnly && report.label.length < REPORTING_LIMITS.labelFields && (
        <button
          type="button"
          id={`${listId}-add`}
          onClick={() => {
            focusNewEntry(list, report.label.length);
            onChange({ ...report, label: [...report.label, GENERIC_REPORT_FIELDS[0].name] });
          }}
        >
          Add group-by field
        </button>
      )}
    </fieldset>
  );
}
