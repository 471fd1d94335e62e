import { useEffect, useId, useRef } from "react";
import type { ConfirmRequest } from "./useConfirm.ts";

/**
 * A modal question before a consequential action: a heading, what will happen, and two
 * buttons. Focus starts on Cancel so a stray Enter does nothing harmful; Escape cancels; focus
 * goes back where it was when the dialog closes.
 */
export default function ConfirmDialog({
  request,
  onClose,
}: {
  request: ConfirmRequest;
  onClose: (confirmed: boolean) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const bodyId = useId();
  useEffect(() => {
    const element = dialog.current!;
    const before = document.activeElement as HTMLElement | null;
    // jsdom has no showModal; the open attribute shows it there.
    if (typeof element.showModal === "function") element.showModal();
    else element.setAttribute("open", "");
    cancel.current!.focus();
    return () => {
      if (element.open && typeof element.close === "function") element.close();
      before?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={headingId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        // Escape: close through React state so the promise resolves.
        e.preventDefault();
        onClose(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          onClose(false);
        }
      }}
    >
      <h2 id={headingId}>{request.title}</h2>
      <div id={bodyId} className="confirm-body">
        {request.body}
      </div>
      <div className="actions">
        <button ref={cancel} type="button" className="secondary" onClick={() => onClose(false)}>
          Cancel
        </button>
        <button
          type="button"
          className={request.danger ? "danger" : undefined}
          onClick={() => onClose(true)}
        >
          {request.confirm}
        </button>
      </div>
    </dialog>
  );
}
