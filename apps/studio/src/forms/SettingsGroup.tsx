import { useState, type ReactNode } from "react";
import { groupSummary } from "./settingsGroups.ts";

/**
 * A collapsible group of settings under a plain heading. It starts open when a field in it has
 * a problem or a value the user set, and otherwise closed only when it is "Advanced"; it opens
 * again by itself when a new problem appears inside it, so a problem is never left out of
 * sight. Closed, the fields stay mounted (hidden), keeping editors' state, and the heading
 * says how many settings it holds, how many are changed and how many have problems.
 */
export default function SettingsGroup({
  id,
  name,
  fields,
  changed,
  problems,
  children,
}: {
  id: string;
  name: string;
  fields: number;
  changed: number;
  problems: number;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(problems > 0 || changed > 0 || name !== "Advanced");
  const [seenProblems, setSeenProblems] = useState(problems);
  if (problems !== seenProblems) {
    setSeenProblems(problems);
    if (problems > seenProblems) setOpen(true);
  }
  return (
    <div className="settings-group">
      <button
        type="button"
        className="disclosure"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen(!open)}
      >
        <span id={`${id}-label`}>{name}</span>
        {!open && (
          <span className="settings-group-summary">{groupSummary(fields, changed, problems)}</span>
        )}
      </button>
      <div id={`${id}-body`} role="group" aria-labelledby={`${id}-label`} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
