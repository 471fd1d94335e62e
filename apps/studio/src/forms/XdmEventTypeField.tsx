import { XDM_EVENT_TYPES, xdmEventTypeWarning } from "./xdmEventTypes.ts";
import type { WidgetProps } from "./WidgetProps.ts";

/**
 * Event type of a send-event action: free text offered XDM's event types (a datalist), with a
 * warning as the user types when the value is not one of them (or only differs in case).
 */
export default function XdmEventTypeField({
  id,
  value,
  onChange,
  readOnly,
  describedBy,
}: WidgetProps<string, string | undefined>) {
  const warning = xdmEventTypeWarning(value);
  const listId = `${id}-xdm-types`;
  const warningId = `${id}-xdm-warning`;
  return (
    <>
      <input
        id={id}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        readOnly={readOnly}
        value={value}
        placeholder="web.webpagedetails.pageViews"
        aria-describedby={[describedBy, warning ? warningId : ""].filter(Boolean).join(" ")}
        onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)}
      />
      <datalist id={listId}>
        {XDM_EVENT_TYPES.map((t) => (
          <option key={t.type} value={t.type}>
            {t.label}
          </option>
        ))}
      </datalist>
      {warning && (
        <p id={warningId} className="field-warning" role="status">
          {warning}
        </p>
      )}
    </>
  );
}
