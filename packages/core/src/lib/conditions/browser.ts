import { browsers, isOneOf } from "../helpers/clientInfo.ts";

/** Core condition "Browser": the user agent is one of `browsers` (Chrome, Firefox, IE, Edge, Safari, Mobile Safari). */
export default function browser(settings: { browsers?: string[] }): boolean {
  return isOneOf(browsers, settings.browsers, "browsers");
}
