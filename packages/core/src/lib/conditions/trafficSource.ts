import textMatch from "../helpers/textMatch.ts";
import { toPattern } from "../helpers/matchItems.ts";
import visitor from "../helpers/visitorTracking.ts";

/** Core condition "Traffic Source": the session's first referrer matches any item. */
export default function trafficSource(settings: {
  trafficSources?: { value?: string; sourceIsRegex?: boolean }[];
}): boolean {
  const items = settings.trafficSources;
  if (!items?.length) return textMatch("", undefined);
  const source = visitor.getTrafficSource();
  return items.some((i) => textMatch(source, toPattern(i.value, i.sourceIsRegex)));
}
