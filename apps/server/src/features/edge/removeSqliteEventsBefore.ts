import { setImmediate as yieldToEvents } from "node:timers/promises";
import type Database from "better-sqlite3";

/** Rows per delete: each batch is one short transaction, so the edge's writer waits briefly. */
const BATCH = 5000;

/**
 * SQLite retention: deletes the events received before `cutoff` in bounded batches (through
 * migration 7's `received_at` index), then the request bodies no remaining event points at.
 * Returns the UTC days that had events removed.
 *
 * Request rows and event rows are written in the same order by one writer, so every body
 * older than the oldest remaining event's is unreferenced; a body above that line waits
 * for a later run. The event loop gets a turn between batches.
 */
export default async function removeSqliteEventsBefore(
  db: Database.Database,
  cutoff: Date,
): Promise<string[]> {
  const before = cutoff.toISOString();
  const days = (
    db
      .prepare(
        "SELECT DISTINCT substr(received_at, 1, 10) AS day FROM events WHERE received_at < ? ORDER BY 1",
      )
      .all(before) as Array<{ day: string }>
  ).map((r) => r.day);
  if (days.length === 0) return days;
  const deleteEvents = db.prepare(
    `DELETE FROM events WHERE id IN
     (SELECT id FROM events WHERE received_at < ? ORDER BY received_at LIMIT ${BATCH})`,
  );
  while (deleteEvents.run(before).changes === BATCH) await yieldToEvents();
  const deleteBodies = db.transaction((): number => {
    const oldest = db.prepare("SELECT request_row FROM events ORDER BY id LIMIT 1").get() as
      { request_row: number } | undefined;
    // No event left: every body written so far is unreferenced (the writer adds a body and
    // its events in one transaction, so none is half-written).
    const line =
      oldest?.request_row ??
      ((db.prepare("SELECT MAX(id) AS id FROM requests").get() as { id: number | null }).id ?? 0) +
        1;
    return db
      .prepare(
        `DELETE FROM requests WHERE id IN
         (SELECT id FROM requests WHERE id < ? ORDER BY id LIMIT ${BATCH})`,
      )
      .run(line).changes;
  });
  while (deleteBodies.immediate() === BATCH) await yieldToEvents();
  return days;
}
