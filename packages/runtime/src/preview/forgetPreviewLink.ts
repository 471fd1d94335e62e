import { PREVIEW_PARAM } from "@liftoff/schema";

/** Removes the preview link's parameter from the address bar: analytics never see it. */
export function removePreviewParam(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has(PREVIEW_PARAM)) return;
  url.searchParams.delete(PREVIEW_PARAM);
  history.replaceState(history.state, "", url.href);
}

/** Ends preview in this tab: forgets the session and reloads, so the published library runs. */
export function endPreview(): void {
  try {
    sessionStorage.removeItem(PREVIEW_PARAM);
  } catch {
    // No storage: nothing was kept.
  }
  removePreviewParam();
  location.reload();
}
