import { useEffect, useRef, type RefObject } from "react";
import { useBlocker } from "react-router";
import { useConfirm } from "../confirm/useConfirm.ts";

/**
 * Asks before unsaved edits are lost: an in-app link asks in the studio's confirmation
 * dialog; closing or reloading the tab gets the browser's own prompt.
 */
export default function LeaveGuard({
  dirty,
  leaving,
  what,
}: {
  dirty: boolean;
  /** True while the editor navigates on purpose (after a create or delete). */
  leaving: RefObject<boolean>;
  /** Names the item in the question, e.g. "this rule". */
  what: string;
}) {
  const confirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);
  // The blocker object changes on every render; ask once per blocked navigation.
  const current = useRef(blocker);
  useEffect(() => {
    current.current = blocker;
  });
  const blocked = blocker.state === "blocked";
  useEffect(() => {
    if (!blocked) return;
    void confirm({
      title: "Leave without saving?",
      body: `Your unsaved changes to ${what} will be lost.`,
      confirm: "Leave without saving",
      danger: true,
    }).then((leave) => (leave ? current.current.proceed?.() : current.current.reset?.()));
  }, [blocked, confirm, what]);
  return null;
}
