import type { SettingsSchema } from "@liftoff/schema";
import { useEffect, useRef, useState } from "react";
import CodeField from "./CodeField.tsx";
import FieldProblems from "./FieldProblems.tsx";
import JsonField from "./JsonField.tsx";
import JsonOrTokenField from "./JsonOrTokenField.tsx";
import { childPath, problemsAt, type PathMessage } from "./problems.ts";
import { emptyValue, humanize, itemLabel, schemaType } from "./schemaType.ts";
import SettingsGroup from "./SettingsGroup.tsx";
import {
  countProblemsIn,
  groupFields,
  groupPaths,
  isChanged,
  type SchemaEntry,
} from "./settingsGroups.ts";
import TokenInput from "./TokenInput.tsx";
import { useTokenNames } from "./TokenNamesContext.ts";
import VariableDataElementField from "./VariableDataElementField.tsx";
import XdmEventTypeField from "./XdmEventTypeField.tsx";

export interface SchemaFieldProps {
  label: string;
  schema: SettingsSchema;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Path of this value inside the settings, as validation problems name it. */
  path: string;
  /** Problems relative to the settings root. */
  problems: readonly PathMessage[];
  idPrefix: string;
  readOnly?: boolean;
  required?: boolean;
}

const domId = (prefix: string, path: string) =>
  `${prefix}-${path.replace(/[^A-Za-z0-9_-]+/g, "_") || "root"}`;

/** One settings value, with the control its schema calls for; objects and arrays recurse. */
export default function SchemaField(props: SchemaFieldProps) {
  const { label, schema, value, onChange, path, problems, idPrefix, readOnly, required } = props;
  const tokens = useTokenNames();
  const id = domId(idPrefix, path);
  const messages = problemsAt(problems, path);
  const problemId = `${id}-problems`;
  const hintId = `${id}-hint`;
  const describedBy =
    [messages.length ? problemId : "", schema.description ? hintId : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const type = schemaType(schema);
  // A field of no declared type is edited as text or as JSON by what it held when the form
  // opened; a JSON edit that does not parse yet is text for a while, and must not turn the
  // box into another one under the user's fingers.
  const [anyAsText] = useState(value === undefined || typeof value === "string");
  const hint = schema.description ? (
    <small id={hintId} className="hint">
      {schema.description}
    </small>
  ) : null;
  const fallback = schema.default;
  const placeholder =
    typeof fallback === "string" || typeof fallback === "number" ? String(fallback) : undefined;
  const common = {
    id,
    placeholder,
    "aria-invalid": messages.length > 0,
    "aria-describedby": describedBy,
    "aria-required": required,
    readOnly,
  };

  if (type === "object") {
    const record = (value ?? {}) as Record<string, unknown>;
    return (
      <fieldset className="schema-object">
        <legend>{label}</legend>
        {hint}
        <FieldProblems id={problemId} messages={messages} />
        <ObjectFields {...props} value={record} />
      </fieldset>
    );
  }
  if (type === "array") {
    return (
      <fieldset className="schema-array">
        <legend>{label}</legend>
        {hint}
        <FieldProblems id={problemId} messages={messages} />
        <ArrayItems {...props} value={Array.isArray(value) ? value : []} />
      </fieldset>
    );
  }

  let control;
  const widgetProps = { id, readOnly, describedBy };
  // The JSON boxes below parse what is typed and say themselves when it is not JSON.
  let parsedHere = false;
  if (schema.widget === "variableDataElement") {
    control = (
      <VariableDataElementField
        {...widgetProps}
        value={typeof value === "string" ? value : ""}
        onChange={onChange}
      />
    );
  } else if (schema.widget === "xdmEventType") {
    control = (
      <XdmEventTypeField
        {...widgetProps}
        value={typeof value === "string" ? value : ""}
        onChange={onChange}
      />
    );
  } else if (schema.widget === "jsonOrToken") {
    parsedHere = typeof value === "string";
    control = <JsonOrTokenField {...widgetProps} value={value} onChange={onChange} />;
  } else if (type === "boolean") {
    return (
      <div className="field field-check">
        <label>
          <input
            type="checkbox"
            {...common}
            disabled={readOnly}
            // An absent value means the module's default, so show that.
            checked={value === undefined ? schema.default === true : value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
          {label}
        </label>
        {hint}
        <FieldProblems id={problemId} messages={messages} />
      </div>
    );
  } else if (type === "enum") {
    const options = schema.enum ?? [];
    const index = options.findIndex((o) => o === value);
    control = (
      <select
        {...common}
        disabled={readOnly}
        value={index < 0 ? "" : String(index)}
        onChange={(e) =>
          onChange(e.target.value === "" ? undefined : options[Number(e.target.value)])
        }
      >
        <option value="">—</option>
        {options.map((option, i) => (
          <option key={String(option)} value={String(i)}>
            {schema.enumTitles?.[i] ?? String(option)}
          </option>
        ))}
      </select>
    );
  } else if (type === "number") {
    control = (
      <input
        type="number"
        {...common}
        min={schema.minimum}
        max={schema.maximum}
        value={typeof value === "number" ? value : ""}
        onChange={(e) => onChange(e.target.value === "" ? undefined : Number(e.target.value))}
      />
    );
  } else if (type === "string" && schema.format === "code") {
    control = (
      <CodeField
        id={id}
        label={label}
        value={typeof value === "string" ? value : ""}
        onChange={onChange}
        tokens={tokens}
        readOnly={readOnly}
        describedBy={describedBy}
      />
    );
  } else if (
    type === "string" ||
    (type === "any" && anyAsText && (value === undefined || typeof value === "string"))
  ) {
    control = (
      <TokenInput
        {...common}
        type={schema.format === "url" ? "url" : "text"}
        value={typeof value === "string" ? value : value == null ? "" : JSON.stringify(value)}
        onChange={onChange}
      />
    );
  } else {
    parsedHere = typeof value === "string";
    control = (
      <JsonField
        id={id}
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        describedBy={describedBy}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {control}
      {hint}
      <FieldProblems
        id={problemId}
        messages={parsedHere ? withoutTypeFaults(messages) : messages}
      />
    </div>
  );
}

/**
 * A JSON box that holds text it cannot read already says why, with the position; the form's
 * and the server's "expected object, got string" would say the same fault twice more.
 */
const withoutTypeFaults = (messages: string[]) =>
  messages.filter((m) => !/^expected (object|JSON)\b/.test(m));

/**
 * The properties of an object schema, each as its own field: ungrouped ones first, then each
 * `group` the manifest names, collapsible (SettingsGroup).
 */
export function ObjectFields(props: SchemaFieldProps & { value: Record<string, unknown> }) {
  const { schema, value, onChange, path, problems, idPrefix } = props;
  const field = ([key, child]: SchemaEntry) => (
    <SchemaField
      key={key}
      {...props}
      label={child.title ?? humanize(key)}
      schema={child}
      value={value[key]}
      path={childPath(path, key)}
      required={schema.required?.includes(key)}
      onChange={(next) => {
        const copy = { ...value };
        if (next === undefined) delete copy[key];
        else copy[key] = next;
        onChange(copy);
      }}
    />
  );
  // A field that only some values of a sibling use (shownWhen) is left out for the others.
  const shown = ([, child]: SchemaEntry) => {
    const when = child.shownWhen;
    if (!when) return true;
    const current = value[when.field] ?? schema.properties?.[when.field]?.default;
    return when.values.includes(current);
  };
  const { ungrouped, groups } = groupFields(schema);
  return (
    <>
      {ungrouped.filter(shown).map(field)}
      {groups
        .map(({ name, entries: all }) => ({ name, entries: all.filter(shown) }))
        .filter(({ entries }) => entries.length > 0)
        .map(({ name, entries }) => (
          <SettingsGroup
            key={name}
            id={`${domId(idPrefix, path)}-group-${name.replace(/[^A-Za-z0-9_-]+/g, "_")}`}
            name={name}
            fields={entries.length}
            changed={entries.filter(([key, child]) => isChanged(child, value[key])).length}
            problems={countProblemsIn(problems, groupPaths(path, entries))}
          >
            {entries.map(field)}
          </SettingsGroup>
        ))}
    </>
  );
}

function ArrayItems(props: SchemaFieldProps & { value: unknown[] }) {
  const { schema, value, onChange, path, readOnly } = props;
  const items = schema.items ?? {};
  const label = itemLabel(items, props.label);
  const list = useRef<HTMLOListElement>(null);
  // After "Add …", the new entry's first control takes the focus (it appears above the button).
  const added = useRef(false);
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    list.current?.lastElementChild
      ?.querySelector<HTMLElement>("input, select, textarea, [contenteditable]")
      ?.focus();
  }, [value.length]);
  const set = (next: unknown[]) => onChange(next);
  const move = (from: number, to: number) => {
    const copy = [...value];
    const [item] = copy.splice(from, 1);
    copy.splice(to, 0, item);
    set(copy);
  };
  return (
    <>
      <ol className="schema-items" ref={list}>
        {value.map((item, i) => (
          <li key={i}>
            <SchemaField
              {...props}
              label={`${label} ${i + 1}`}
              schema={items}
              value={item}
              path={childPath(path, i)}
              required={false}
              onChange={(next) => set(value.map((v, j) => (j === i ? next : v)))}
            />
            {!readOnly && (
              <div className="row-actions">
                <button
                  type="button"
                  aria-label={`Move up ${label} ${i + 1}`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  Move up
                </button>
                <button
                  type="button"
                  disabled={i === value.length - 1}
                  aria-label={`Move down ${label} ${i + 1}`}
                  onClick={() => move(i, i + 1)}
                >
                  Move down
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${label} ${i + 1}`}
                  onClick={() => set(value.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {!readOnly && (
        <button
          type="button"
          onClick={() => {
            added.current = true;
            set([...value, emptyValue(items)]);
          }}
        >
          Add {label.charAt(0).toLowerCase() + label.slice(1)}
        </button>
      )}
    </>
  );
}
