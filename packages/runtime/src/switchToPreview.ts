// The published library's half of preview (docs/preview.md, "How a tab enters preview"). Every
// page pays for these lines, so they stay this small; the rest lives in the preview build.
import loadScript from "./reactor/loadScript.ts";

const SESSION_ID = /^[0-9a-f]{32}$/;

/**
 * The tab's preview session id: the link's parameter, else the one the tab kept in
 * sessionStorage (`liftoff_preview`), where a found id is kept for the tab's next pages.
 * Storage may be blocked (it throws): then only the link counts.
 */
export function findPreviewSession(): string | undefined {
  const linked = new URLSearchParams(location.search).get("liftoff_preview");
  const id = SESSION_ID.test(linked!) ? linked! : undefined;
  try {
    const kept = id || (sessionStorage.liftoff_preview as string | undefined);
    if (SESSION_ID.test(kept!)) return (sessionStorage.liftoff_preview = kept!);
  } catch {
    // No storage: the link alone decides.
  }
  return id;
}

/**
 * Loads `preview-<id>.js` from the folder `script` was loaded from. When `script` blocks the
 * parser (neither async nor deferred; a script other code inserts is async unless it was set
 * otherwise), `document.write` puts the preview build exactly where the library would have
 * run, so the page's script order and `pageBottom()` stay as they are.
 */
export function loadPreview(id: string, script: HTMLScriptElement | null): void {
  const src = new URL(`preview-${id}.js`, script?.src || location.href).href;
  if (script && !script.async && !script.defer) document.write(`<script src="${src}"></script>`);
  // A failed load rejects: the console says which file was missing.
  else void loadScript(src);
}
