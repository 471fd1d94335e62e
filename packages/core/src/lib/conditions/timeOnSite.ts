import compareNumbers from "../helpers/compareNumbers.ts";
import visitor from "../helpers/visitorTracking.ts";

/** Core condition "Time On Site": minutes since the session's landing against `minutes`. */
export default function timeOnSite(settings: { operator?: string; minutes?: number }): boolean {
  return compareNumbers(visitor.getMinutesOnSite(), settings.operator, settings.minutes, "minutes");
}
