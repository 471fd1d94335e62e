export interface DirectCallActionSettings {
  identifier?: string;
  detail?: { eventObjectEntries?: { key: string; value: unknown }[] };
}

/**
 * Core action "Trigger Direct Call": `_satellite.track(identifier, {key: value, …})`, or
 * `track(identifier)` when there are no entries.
 */
export default function directCall(settings: DirectCallActionSettings): void {
  if (typeof settings.identifier !== "string")
    throw new Error("settings.identifier must be a string.");
  const track = (window as unknown as { _satellite: { track: (id: string, d?: unknown) => void } })
    ._satellite.track;
  const entries = settings.detail?.eventObjectEntries;
  if (!entries?.length) return track(settings.identifier);
  const detail: Record<string, unknown> = {};
  for (const { key, value } of entries) detail[key] = value;
  track(settings.identifier, detail);
}
