import type { Trigger } from "../types.ts";
import lifecycle from "./helpers/pageLifecycleEvents.ts";

/** Core event "Library Loaded": fires immediately when the rules are set up; at once when registered after that stage. */
export default function libraryLoaded(_settings: unknown, trigger: Trigger): void {
  lifecycle.register(0, trigger); // stage 0: library loaded
}
