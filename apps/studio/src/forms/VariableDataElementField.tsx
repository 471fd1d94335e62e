import type { PropertyDataElement } from "@liftoff/schema";
import { useParams } from "react-router";
import { useProperty } from "../properties/useProperty.ts";
import type { WidgetProps } from "./WidgetProps.ts";

const VARIABLE = "web-sdk/src/lib/dataElements/variable.js";

/** The key a Variable data element answers to at runtime: its cache id, else its id or name. */
export function variableKey(element: PropertyDataElement): string | undefined {
  const settings = (element.settings ?? {}) as Record<string, unknown>;
  for (const key of ["dataElementCacheId", "dataElementId", "dataElementName"]) {
    const value = settings[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/**
 * Which Variable data element an update-variable action changes, picked by name from the
 * property's Variable data elements; the stored value stays the key the runtime looks up.
 */
export default function VariableDataElementField({
  id,
  value,
  onChange,
  readOnly,
  describedBy,
}: WidgetProps<string, string | undefined>) {
  const { pid = "" } = useParams();
  const elements = useProperty(pid).data?.document.dataElements ?? [];
  const variables = elements
    .filter((element) => element.modulePath === VARIABLE)
    .map((element) => ({ name: element.name, key: variableKey(element) }))
    .filter((v): v is { name: string; key: string } => v.key !== undefined);
  const unknown = value !== "" && !variables.some((v) => v.key === value);
  return (
    <>
      <select
        id={id}
        disabled={readOnly}
        value={value}
        aria-describedby={describedBy}
        aria-invalid={unknown}
        onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)}
      >
        <option value="">— Choose a Variable data element —</option>
        {variables.map((v) => (
          <option key={v.key} value={v.key}>
            {v.name}
          </option>
        ))}
        {unknown && <option value={value}>Unknown variable “{value}”</option>}
      </select>
      {variables.length === 0 && (
        <p className="hint">
          This property has no Variable data elements yet: create one (type Variable) first.
        </p>
      )}
      {unknown && (
        <p className="field-problems">
          No Variable data element of this property has the key “{value}”.
        </p>
      )}
    </>
  );
}
