import { env } from "../env.ts";
import type { Trigger } from "../types.ts";

const byIdentifier: Record<string, Trigger[]> = {};

function track(identifier: unknown, detail?: unknown) {
  const id = typeof identifier === "string" ? identifier.trim() : String(identifier);
  const triggers = Object.prototype.hasOwnProperty.call(byIdentifier, id)
    ? byIdentifier[id]!
    : undefined;
  const logger = env.turbine.logger;
  if (!triggers) {
    logger.log(`"${id}" does not match any direct call identifiers.`);
    return;
  }
  const text = `Rules using the direct call event type with identifier "${id}" have been triggered`;
  if (detail) logger.log(`${text} with additional detail:`, detail);
  else logger.log(`${text}.`);
  for (const trigger of triggers) trigger({ identifier: id, detail });
}

let installed = false;

/**
 * Core event "Direct Call" (reference §5.1): `_satellite.track(identifier, detail)` fires the
 * rules registered for the trimmed identifier, with Launch's log lines.
 */
export default function directCall(settings: { identifier?: string }, trigger: Trigger): void {
  if (typeof settings?.identifier !== "string" || !settings.identifier.trim())
    throw new Error("settings.identifier must be a non-empty string.");
  if (!installed) {
    installed = true;
    (window as unknown as { _satellite: Record<string, unknown> })._satellite.track = track;
  }
  (byIdentifier[settings.identifier.trim()] ||= []).push(trigger);
}
