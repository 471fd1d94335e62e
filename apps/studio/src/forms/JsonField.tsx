import { useEffect, useRef, useState } from "react";
import type { WidgetProps } from "./WidgetProps.ts";

/** The value a text stands for: nothing when empty, the parsed JSON, or why it is not JSON. */
export function readJson(text: string): { value: unknown; error?: string } {
  if (text.trim() === "") return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (e) {
    return { value: text, error: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

const shown = (value: unknown) => (value === undefined ? "" : JSON.stringify(value, null, 2));

/**
 * Free-form JSON (objects without a schema, `format: "json"`), read as the user types. Valid
 * JSON is stored as what it reads as; text that is not JSON is stored as that text, so the
 * edit counts as an unsaved change and the form's check names the field (a string where
 * JSON belongs), instead of the edit staying in the box while the form believes nothing
 * changed.
 */
export default function JsonField({ id, value, onChange, readOnly, describedBy }: WidgetProps) {
  const [text, setText] = useState(() => (typeof value === "string" ? value : shown(value)));
  const sent = useRef<unknown>(value);
  // A value from outside (a merge, Cancel) replaces the text; the field's own echo does not.
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(typeof value === "string" ? value : shown(value));
  }, [value]);
  const { error } = readJson(text);
  const errorId = `${id}-json-error`;
  return (
    <>
      <textarea
        id={id}
        className="json-field"
        value={text}
        readOnly={readOnly}
        spellCheck={false}
        aria-invalid={error !== undefined}
        aria-describedby={[describedBy, error ? errorId : ""].filter(Boolean).join(" ")}
        onChange={(e) => {
          setText(e.target.value);
          const next = readJson(e.target.value).value;
          sent.current = next;
          onChange(next);
        }}
      />
      {error && (
        <p id={errorId} className="field-problems">
          {error}
        </p>
      )}
    </>
  );
}
