/**
 * The bar that stays in view at the bottom of an item editor: the item's state (unsaved
 * changes or saved, its revision, enabled or disabled) with Save, Cancel and Delete.
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
}) {
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
      {canEdit && (
        <div className="actions">
          <button type="submit" disabled={busy}>
            {saveLabel}
          </button>
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
