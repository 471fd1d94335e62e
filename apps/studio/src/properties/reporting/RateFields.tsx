import type { TopPropertyReport } from "@liftoff/schema";
import FieldProblems from "../../forms/FieldProblems.tsx";
import { problemsAt } from "../../forms/problems.ts";
import { Field, withOptional, type ReportEditorProps } from "./reportControls.tsx";

type Props = ReportEditorProps;

/** The optional last column: one measure over another, in percent. */
export default function RateFields({
  report,
  onChange,
  problems,
  readOnly,
  id,
}: Pick<Props, "onChange" | "problems" | "readOnly"> & { report: TopPropertyReport; id: string }) {
  const rate = report.rate;
  const at = (key: string) => problemsAt(problems, `rate${key}`);
  const names = report.measures.map((m) => m.name).filter((n) => n !== "");
  const first = names[0] ?? "";
  const pick = (key: "numerator" | "denominator", label: string) => {
    const value = rate?.[key] ?? "";
    const box = `${id}-rate-${key}`;
    return (
      <Field id={box} label={label} problems={at(`.${key}`)}>
        <select
          id={box}
          value={value}
          disabled={readOnly}
          aria-invalid={at(`.${key}`).length > 0}
          aria-describedby={`${box}-problems`}
          onChange={(e) =>
            rate && onChange({ ...report, rate: { ...rate, [key]: e.target.value } })
          }
        >
          {!names.includes(value) && <option value={value}>{value || "(none)"}</option>}
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </Field>
    );
  };
  return (
    <fieldset>
      <legend>Rate</legend>
      <FieldProblems id={`${id}-rate-problems`} messages={at("")} />
      <div className="field field-check">
        <label>
          <input
            type="checkbox"
            checked={rate !== undefined}
            disabled={readOnly}
            onChange={(e) =>
              onChange(
                withOptional(
                  report,
                  "rate",
                  e.target.checked
                    ? { name: "rate", numerator: names[1] ?? first, denominator: first }
                    : undefined,
                ),
              )
            }
          />
          Add a last column: one measure as a percentage of another
        </label>
      </div>
      {rate && (
        <div className="reporting-row">
          <Field id={`${id}-rate-name`} label="Rate column" problems={at(".name")}>
            <input
              id={`${id}-rate-name`}
              value={rate.name}
              readOnly={readOnly}
              spellCheck={false}
              aria-invalid={at(".name").length > 0}
              aria-describedby={`${id}-rate-name-problems`}
              onChange={(e) => onChange({ ...report, rate: { ...rate, name: e.target.value } })}
            />
          </Field>
          {pick("numerator", "Numerator (measure)")}
          {pick("denominator", "Denominator (measure)")}
        </div>
      )}
    </fieldset>
  );
}
