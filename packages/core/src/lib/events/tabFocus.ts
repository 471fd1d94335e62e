import type { Trigger } from "../types.ts";
import onVisibility from "./helpers/visibility.ts";

/** Core event "Tab Focus": the page's tab becomes visible again. */
export default function tabFocus(_settings: unknown, trigger: Trigger): void {
  onVisibility(false, trigger);
}
