import { useEffect, useId, useRef } from "react";
import type { StoredEventWire } from "../api/createStudioApi.ts";
import { interactionOf } from "./eventFilter.ts";
import JsonView from "./JsonView.tsx";

/** Below this width the panel covers the screen (a modal dialog) instead of sitting beside. */
const PHONE = "(max-width: 640px)";

/**
 * One event's JSON in a side panel: beside the list on wide screens (a non-modal dialog, so
 * the list stays usable and another row can be opened), full-screen and modal on phones.
 * Focus moves to the panel's Close button when it opens and back to the row's button when it
 * closes; Escape closes it from the panel or anywhere on the page.
 */
export default function EventDrawer({
  event,
  onClose,
}: {
  event: StoredEventWire;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const element = dialog.current!;
    const before = document.activeElement as HTMLElement | null;
    const phone = typeof window.matchMedia === "function" && window.matchMedia(PHONE).matches;
    // jsdom has neither show nor showModal; the open attribute shows it there.
    if (phone && typeof element.showModal === "function") element.showModal();
    else if (typeof element.show === "function") element.show();
    else element.setAttribute("open", "");
    close.current!.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) {
        e.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (element.open && typeof element.close === "function") element.close();
      if (before?.isConnected) before.focus();
    };
  }, []);

  // Another row opened while the panel is open: its heading is what a reader hears next.
  useEffect(() => {
    close.current?.focus();
  }, [event]);

  const interaction = interactionOf(event);
  return (
    <dialog
      ref={dialog}
      className="event-drawer"
      aria-labelledby={headingId}
      onCancel={(e) => {
        // Escape on the modal (phone) panel: close through React state.
        e.preventDefault();
        onClose();
      }}
    >
      <div className="event-drawer-head">
        <h2 id={headingId}>{event.eventType ?? "Event"}</h2>
        <button ref={close} type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="event-facts">
        <dt>Received</dt>
        <dd>{new Date(event.receivedAt).toLocaleString()}</dd>
        {interaction?.name && (
          <>
            <dt>Interaction</dt>
            <dd>{interaction.name}</dd>
          </>
        )}
        {interaction?.type && (
          <>
            <dt>Interaction type</dt>
            <dd>{interaction.type}</dd>
          </>
        )}
        {(event.pageUrl ?? event.pageName) && (
          <>
            <dt>Page</dt>
            <dd>{event.pageUrl ?? event.pageName}</dd>
          </>
        )}
        <dt>ECID</dt>
        <dd>
          <code>{event.ecid}</code>
        </dd>
      </dl>
      <JsonView value={event} openDepth={5} />
    </dialog>
  );
}
