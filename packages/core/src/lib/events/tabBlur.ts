import type { Trigger } from "../types.ts";
import onVisibility from "./helpers/visibility.ts";

/** Core event "Tab Blur": the page's tab becomes hidden. */
export default function tabBlur(_settings: unknown, trigger: Trigger): void {
  onVisibility(true, trigger);
}
