import type { Trigger } from "../types.ts";
import lifecycle from "./helpers/pageLifecycleEvents.ts";

/** Core event "DOM Ready": fires on `DOMContentLoaded` (synthetic event `{element: document, target: document, nativeEvent}`); at once when registered after that stage. */
export default function domReady(_settings: unknown, trigger: Trigger): void {
  lifecycle.register(2, trigger); // stage 2: dom ready
}
