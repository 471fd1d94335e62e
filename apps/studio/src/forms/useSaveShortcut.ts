import { useEffect, type RefObject } from "react";

/** Ctrl+S (Cmd+S on a Mac) submits the form instead of saving the web page. */
export function useSaveShortcut(form: RefObject<HTMLFormElement | null>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "s" || !(event.ctrlKey || event.metaKey) || event.altKey)
        return;
      event.preventDefault();
      form.current?.requestSubmit();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [form, enabled]);
}
