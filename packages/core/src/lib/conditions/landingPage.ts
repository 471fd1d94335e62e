import textMatch from "../helpers/textMatch.ts";
import { toPattern } from "../helpers/matchItems.ts";
import visitor from "../helpers/visitorTracking.ts";

/** Core condition "Landing Page": the session's first URL matches any item. */
export default function landingPage(settings: {
  landingPages?: { value?: string; pageIsRegex?: boolean }[];
}): boolean {
  const items = settings.landingPages;
  if (!items?.length) return textMatch("", undefined);
  const page = visitor.getLandingPage();
  return items.some((i) => textMatch(page, toPattern(i.value, i.pageIsRegex)));
}
