import { useState } from "react";
import type { WidgetProps } from "./WidgetProps.ts";

/** Free-form JSON (objects without a schema, `format: "json"`): parsed when the field loses focus. */
export default function JsonField({ id, value, onChange, readOnly, describedBy }: WidgetProps) {
  const shown = value === undefined ? "" : JSON.stringify(value, null, 2);
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <textarea
        id={id}
        className="json-field"
        value={text}
        readOnly={readOnly}
        aria-invalid={error !== null}
        aria-describedby={describedBy}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          if (text.trim() === "") {
            setError(null);
            onChange(undefined);
            return;
          }
          try {
            onChange(JSON.parse(text));
            setError(null);
          } catch (e) {
            setError(`Not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
          }
        }}
      />
      {error && (
        <p className="field-problems" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
