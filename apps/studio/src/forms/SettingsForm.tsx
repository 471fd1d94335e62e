import { checkSettings, type JsonSettings, type SettingsSchema } from "@liftoff/schema";
import { usePlatform } from "../properties/platform.ts";
import FieldProblems from "./FieldProblems.tsx";
import { problemsAt, type PathMessage } from "./problems.ts";
import { ObjectFields } from "./SchemaField.tsx";

/**
 * The settings form of a module or extension, generated from its manifest's JSON-Schema-like
 * `settings`. `problems` are relative to the settings object (`source`, `instances[0].name`)
 * and appear under the field they name, together with what checkSettings (@liftoff/schema, the check the server and builder
 * run, in the same words) finds in the
 * value as it is typed (the stored revision's problems only change on save).
 */
export default function SettingsForm({
  schema,
  value,
  onChange,
  problems = [],
  idPrefix,
  readOnly,
}: {
  schema: SettingsSchema;
  value: JsonSettings | undefined;
  onChange: (value: JsonSettings) => void;
  problems?: readonly PathMessage[];
  idPrefix: string;
  readOnly?: boolean;
}) {
  const fields = Object.keys(schema.properties ?? {});
  // An event forwarding property's tokens are `{{name}}`: the check must know which it reads.
  const live = checkSettings(schema, value ?? {}, "", false, usePlatform()).filter(
    (l) => !problems.some((p) => p.path === l.path && p.message === l.message),
  );
  const shown = [...problems, ...live];
  return (
    <div className="settings-form">
      <FieldProblems id={`${idPrefix}-problems`} messages={problemsAt(shown, "")} />
      {fields.length === 0 ? (
        <p className="muted">This module has no settings.</p>
      ) : (
        <ObjectFields
          label="Settings"
          schema={schema}
          value={value ?? {}}
          onChange={(next) => onChange(next as JsonSettings)}
          path=""
          problems={shown}
          idPrefix={idPrefix}
          readOnly={readOnly}
        />
      )}
    </div>
  );
}
