import compareNumbers from "../helpers/compareNumbers.ts";
import visitor from "../helpers/visitorTracking.ts";

/** Core condition "Sessions": the visitor's session count against `count`. */
export default function sessions(settings: { operator?: string; count?: number }): boolean {
  return compareNumbers(visitor.getSessionCount(), settings.operator, settings.count);
}
