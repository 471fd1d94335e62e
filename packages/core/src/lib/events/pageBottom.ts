import type { Trigger } from "../types.ts";
import lifecycle from "./helpers/pageLifecycleEvents.ts";

/** Core event "Page Bottom": fires when the page calls `_satellite.pageBottom()`, or when a later stage comes first; at once when registered after that stage. */
export default function pageBottom(_settings: unknown, trigger: Trigger): void {
  lifecycle.register(1, trigger); // stage 1: page bottom
}
