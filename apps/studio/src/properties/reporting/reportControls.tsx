import {
  REPORTING_LIMITS,
  type PropertyReport,
  type ReportField,
  type TopPropertyReport,
} from "@liftoff/schema";
import type { ReactNode } from "react";
import FieldProblems from "../../forms/FieldProblems.tsx";
import { problemsAt, type PathMessage } from "../../forms/problems.ts";
import { numberOf } from "./reportingDraft.ts";

/** What each part of a report's form gets: the report, its place, and its problems. */
export interface ReportEditorProps {
  report: PropertyReport;
  index: number;
  fields: readonly ReportField[];
  onChange: (report: PropertyReport) => void;
  /** Problems relative to this report (`measures[0].name`). */
  problems: readonly PathMessage[];
  readOnly: boolean;
}

/** A labelled control with its problems under it. */
export function Field({
  id,
  label,
  help,
  problems,
  children,
}: {
  id: string;
  label: string;
  help?: string;
  problems: string[];
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {help && (
        <small id={`${id}-help`} className="hint">
          {help}
        </small>
      )}
      <FieldProblems id={`${id}-problems`} messages={problems} />
    </div>
  );
}

export const describedBy = (id: string, help?: string) =>
  help ? `${id}-help ${id}-problems` : `${id}-problems`;

/** A text box for one of the report's own strings (`title`, `name`, `labelName`, `eventType`). */
export function TextBox({
  report,
  onChange,
  problems,
  readOnly,
  id,
  label,
  path,
  help,
}: ReportEditorProps & {
  id: string;
  label: string;
  path: "title" | "name" | "labelName" | "eventType";
  help?: string;
}) {
  const messages = problemsAt(problems, path);
  const value = (report as unknown as Record<string, string | undefined>)[path] ?? "";
  return (
    <Field id={id} label={label} help={help} problems={messages}>
      <input
        id={id}
        value={value}
        readOnly={readOnly}
        spellCheck={path === "title"}
        aria-invalid={messages.length > 0}
        aria-describedby={describedBy(id, help)}
        onChange={(e) => {
          const text = e.target.value;
          // An optional filter left empty is no filter, not an empty event type.
          if (path === "eventType" && text === "") {
            const { eventType: _, ...rest } = report as TopPropertyReport;
            onChange(rest);
          } else onChange({ ...report, [path]: text });
        }}
      />
    </Field>
  );
}

/** A number box for an optional Analytics event number (empty is none). */
export function EventNumberBox({
  id,
  label,
  value,
  messages,
  readOnly,
  help,
  onChange,
}: {
  id: string;
  label: string;
  value: number | undefined;
  messages: string[];
  readOnly: boolean;
  help?: string;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <Field id={id} label={label} help={help} problems={messages}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={REPORTING_LIMITS.eventNumber}
        step={1}
        value={value ?? ""}
        readOnly={readOnly}
        aria-invalid={messages.length > 0}
        aria-describedby={describedBy(id, help)}
        onChange={(e) => onChange(numberOf(e.target))}
      />
    </Field>
  );
}

/** Sets or (with undefined) removes an optional key, so JSON never carries an empty filter. */
export function withOptional<T extends object, K extends keyof T>(
  item: T,
  key: K,
  value: T[K] | undefined,
): T {
  const copy = { ...item };
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy;
}
