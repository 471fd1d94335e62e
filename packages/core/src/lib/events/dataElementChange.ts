import { env } from "../env.ts";
import type { Trigger } from "../types.ts";

/**
 * Core event "Data Element Change": checks the named data element every 1000 ms and fires
 * `{dataElementName}` when its JSON form changes.
 */
export default function dataElementChange(settings: { name?: string }, trigger: Trigger): void {
  const name = settings.name;
  if (typeof name !== "string" || !name)
    throw new Error("settings.name must be a non-empty string.");
  const read = () => JSON.stringify(env.turbine.getDataElementValue(name));
  let last = read();
  setInterval(() => {
    const now = read();
    if (now !== last) {
      last = now;
      trigger({ dataElementName: name });
    }
  }, 1000);
}
