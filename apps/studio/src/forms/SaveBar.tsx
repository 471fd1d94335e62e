import { count } from "../layout/count.ts";

/**
 * The bar that stays in view at the bottom of an item editor: the item's state (unsaved
 * changes or saved, its revision, enabled or disabled) with Save, Cancel and Delete. An
 * enabled item with problems can only be kept disabled (no build includes it): the bar says
 * so and offers "Save disabled".
 */
export default function SaveBar({
  saveLabel,
  deleteLabel,
  dirty,
  saved,
  busy,
  revision,
  enabled,
  canEdit,
  onCancel,
  onDelete,
  noun,
  problemCount = 0,
  onSaveDisabled,
}: {
  saveLabel: string;
  deleteLabel: string;
  dirty: boolean;
  saved: boolean;
  busy: boolean;
  /** The stored revision; undefined for an item not saved yet. */
  revision: number | undefined;
  /** Rules can be disabled; items without the switch leave it out. */
  enabled?: boolean;
  canEdit: boolean;
  onCancel: () => void;
  onDelete?: () => void;
  /** "rule", "data element": how the note names the item. */
  noun?: string;
  /** The item's problems (stored, or named by a refused save). */
  problemCount?: number;
  /** Saves the form's item with `enabled: false`. */
  onSaveDisabled?: () => void;
}) {
  const unfinished = enabled === true && problemCount > 0 && onSaveDisabled !== undefined;
  const state = saved
    ? "Saved"
    : dirty
      ? "Unsaved changes"
      : revision === undefined
        ? "Not saved yet"
        : "No unsaved changes";
  return (
    <div className="save-bar" role="group" aria-label="Save">
      <p className="save-bar-state">
        <span role="status" className={saved ? "saved" : dirty ? "unsaved" : undefined}>
          {state}
        </span>
        {revision !== undefined && <span>Revision {revision}</span>}
        {enabled !== undefined && (
          <span className={enabled ? undefined : "badge"}>{enabled ? "Enabled" : "Disabled"}</span>
        )}
      </p>
      {canEdit && unfinished && (
        <p className="save-bar-note" id="save-bar-note">
          {count(problemCount, "problem")}: fix {problemCount === 1 ? "it" : "them"}, or save this{" "}
          {noun ?? "item"} disabled. No build includes a disabled {noun ?? "item"}.
        </p>
      )}
      {canEdit && (
        <div className="actions">
          <button type="submit" disabled={busy}>
            {saveLabel}
          </button>
          {unfinished && (
            <button
              type="button"
              className="secondary"
              disabled={busy}
              aria-describedby="save-bar-note"
              onClick={onSaveDisabled}
            >
              Save disabled
            </button>
          )}
          <button type="button" className="secondary" disabled={busy || !dirty} onClick={onCancel}>
            Cancel
          </button>
          {onDelete && (
            <button type="button" className="danger" disabled={busy} onClick={onDelete}>
              {deleteLabel}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
