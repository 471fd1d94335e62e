import compareNumbers from "../helpers/compareNumbers.ts";
import visitor from "../helpers/visitorTracking.ts";

/** Core condition "Page Views": this session's or the lifetime page views against `count`. */
export default function pageViews(settings: {
  operator?: string;
  count?: number;
  duration?: "lifetime" | "session";
}): boolean {
  const views =
    settings.duration === "lifetime"
      ? visitor.getLifetimePageViewCount()
      : visitor.getSessionPageViewCount();
  return compareNumbers(views, settings.operator, settings.count);
}
