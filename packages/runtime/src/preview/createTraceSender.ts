import type { PreviewTrace } from "@liftoff/schema";
import type { TraceDraft } from "./createTraceHooks.ts";

/** A batch the server takes (docs/preview.md, "Limits"). */
export const MAX_BATCH_RECORDS = 500;
export const MAX_BATCH_BYTES = 256 * 1024;
/** Records queued this long after the first are sent together. */
const FLUSH_MS = 50;

/** JSON arrays of at most MAX_BATCH_RECORDS records and MAX_BATCH_BYTES bytes each. */
export function toBatches(records: PreviewTrace[]): string[] {
  const batches: string[] = [];
  let parts: string[] = [];
  let bytes = 2;
  const close = () => {
    if (parts.length) batches.push(`[${parts.join(",")}]`);
    parts = [];
    bytes = 2;
  };
  for (const record of records) {
    const json = JSON.stringify(record);
    const size = new Blob([json]).size + 1;
    // A record too large for any batch is dropped rather than refused with its batch.
    if (size + 2 > MAX_BATCH_BYTES) continue;
    if (parts.length >= MAX_BATCH_RECORDS || bytes + size > MAX_BATCH_BYTES) close();
    parts.push(json);
    bytes += size;
  }
  close();
  return batches;
}

/**
 * Stamps each record (pageId, at, seq) and sends them to `endpoint` in batches, within
 * FLUSH_MS of the first queued record and when the page is hidden. `navigator.sendBeacon`
 * with a text body needs no preflight and sends no credentials; when the browser refuses a
 * beacon (its in-flight limit), a plain no-cors POST carries the batch.
 */
export default function createTraceSender(endpoint: string, pageId: string) {
  let queue: PreviewTrace[] = [];
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const records = queue;
    queue = [];
    for (const body of toBatches(records)) {
      if (!navigator.sendBeacon?.(endpoint, body))
        fetch(endpoint, { method: "POST", body, mode: "no-cors", credentials: "omit" }).catch(
          () => {},
        );
    }
  };

  const emit = (draft: TraceDraft) => {
    queue.push({
      ...draft,
      pageId,
      at: Math.round(performance.now()),
      seq: seq++,
    });
    timer ??= setTimeout(flush, FLUSH_MS);
  };
  addEventListener("pagehide", flush);
  return { emit, flush };
}
