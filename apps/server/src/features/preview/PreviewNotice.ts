/** The cluster bus channel of preview notices (db/ClusterBus.ts). */
export const PREVIEW_CHANNEL = "liftoff_preview";

/**
 * What a node says when a session changes: new traces were stored, or the session itself
 * changed (its revision, or it ended). A notice names the session only; watchers read the
 * rest from the store, so a notice missed by a node loses nothing but time.
 */
export interface PreviewNotice {
  session: string;
  kind: "traces" | "session";
  /** The session ended (every node drops the build it keeps for it). */
  ended?: true;
}

/** A notice from the bus, or undefined for a payload that is not one. */
export function parseNotice(payload: string): PreviewNotice | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { session, kind, ended } = value as Record<string, unknown>;
  if (typeof session !== "string" || (kind !== "traces" && kind !== "session")) return undefined;
  return { session, kind, ...(ended === true ? { ended } : {}) };
}
