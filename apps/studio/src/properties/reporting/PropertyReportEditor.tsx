import type { PropertyReport } from "@liftoff/schema";
import FieldProblems from "../../forms/FieldProblems.tsx";
import { problemsAt } from "../../forms/problems.ts";
import { Field, TextBox, type ReportEditorProps } from "./reportControls.tsx";
import { newReport } from "./reportingDraft.ts";
import StepList from "./StepList.tsx";
import TopReportParts from "./TopReportParts.tsx";

/**
 * One of the property's reports: what both kinds have (title, name, label column), then the
 * top values' grouping, filters, measures and rate, or the steps of a funnel.
 */
export default function PropertyReportEditor(props: ReportEditorProps) {
  const { report, index, fields, onChange, problems } = props;
  const id = `rep-r${index}`;
  return (
    <>
      <FieldProblems id={`${id}-problems`} messages={problemsAt(problems, "")} />
      <TextBox {...props} id={`${id}-title`} label="Title" path="title" />
      <TextBox
        {...props}
        id={`${id}-name`}
        label="Name"
        path="name"
        help="How the reports API and CSV files name it: letters, digits and _."
      />
      <Field id={`${id}-kind`} label="Kind" problems={problemsAt(problems, "kind")}>
        <select
          id={`${id}-kind`}
          value={report.kind}
          disabled={props.readOnly}
          aria-describedby={`${id}-kind-problems`}
          onChange={(e) =>
            onChange(newReport(e.target.value as PropertyReport["kind"], fields, report))
          }
        >
          <option value="top">Top values of a field</option>
          <option value="steps">Steps: events of a funnel, in order</option>
        </select>
      </Field>
      <TextBox
        {...props}
        id={`${id}-labelName`}
        label="Label column"
        path="labelName"
        help="The first column's name in the table and the CSV."
      />
      {report.kind === "top" ? (
        <TopReportParts {...props} report={report} id={id} />
      ) : report.kind === "steps" ? (
        <StepList {...props} report={report} id={id} />
      ) : null}
    </>
  );
}
