import type { Trigger } from "../types.ts";
import lifecycle from "./helpers/pageLifecycleEvents.ts";

/** Core event "Window Loaded": fires on the window's `load` (synthetic event `{element: window, target: window, nativeEvent}`); at once when registered after that stage. */
export default function windowLoaded(_settings: unknown, trigger: Trigger): void {
  lifecycle.register(3, trigger); // stage 3: window loaded
}
