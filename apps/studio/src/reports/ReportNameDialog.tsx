import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ApiError } from "../api/ApiError.ts";

/** The longest saved-report name the server takes (reports/savedReportRoutes.ts). */
export const REPORT_NAME_MAX = 200;

/**
 * A modal asking for a saved report's name (save and rename). The name field has focus;
 * Escape or Cancel closes without sending; focus goes back where it was. The server's
 * refusal (a name already taken, a definition it would not run) is shown in the dialog,
 * which stays open so the name can be changed.
 */
export default function ReportNameDialog({
  title,
  confirm,
  initialName,
  onSubmit,
  onClose,
}: {
  title: string;
  confirm: string;
  initialName: string;
  /** Sends the name; rejects with the server's problem to show it. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const errorId = useId();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const element = dialog.current!;
    const before = document.activeElement as HTMLElement | null;
    // jsdom has no showModal; the open attribute shows it there.
    if (typeof element.showModal === "function") element.showModal();
    else element.setAttribute("open", "");
    input.current!.focus();
    input.current!.select();
    return () => {
      if (element.open && typeof element.close === "function") element.close();
      before?.focus();
    };
  }, []);
  const trimmed = name.trim();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed) {
      setError("Give the report a name.");
      return;
    }
    setBusy(true);
    setError("");
    try {
      await onSubmit(trimmed);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.problem.detail ?? failure.message)
          : failure instanceof Error
            ? failure.message
            : String(failure),
      );
      setBusy(false);
    }
  };
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog name-dialog"
      aria-labelledby={headingId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={(e) => void submit(e)}>
        <h2 id={headingId}>{title}</h2>
        <label>
          Name
          <input
            ref={input}
            value={name}
            maxLength={REPORT_NAME_MAX}
            required
            aria-invalid={error !== ""}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        {error && (
          <p id={errorId} role="alert" className="error">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={busy}>
            {confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}
