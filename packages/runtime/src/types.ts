import type { BuildInfo, Container, PropertySettings, Rule } from "@liftoff/schema";
import type { DataAccess } from "./createDataAccess.ts";
import type { DebugController } from "./createDebugController.ts";
import type { DynamicHostResolver } from "./createDynamicHostResolver.ts";
import type { Logger } from "./createLogger.ts";
import type { ModuleProvider } from "./createModuleProvider.ts";
import type { TraceHooks } from "./preview/TraceHooks.ts";

/** The event object rules, conditions and actions receive (`$type`, `$rule` added by the engine). */
export interface SyntheticEvent {
  [key: string]: unknown;
  element?: unknown;
  target?: unknown;
  $type?: string;
  $rule?: { id: string; name: string };
}

export type Trigger = (event?: unknown) => void;

/**
 * The engine's internal state, shared by its parts. Fields ending in `_` are private: the build
 * mangles them to one letter (build.mjs), so they cost no bytes on the page.
 */
export interface Runtime {
  container_: Container;
  logger_: Logger;
  debug_: DebugController;
  resolver_: DynamicHostResolver;
  modules_: ModuleProvider;
  data_: DataAccess;
  buildInfo_: BuildInfo;
  property_: { name: string; id: string };
  settings_: PropertySettings;
  transform_(settings: Record<string, unknown>, modulePath: string, filePaths?: string[]): void;
  /**
   * Calls `_satellite._monitors` hooks `rule<what>` with `{rule}` (plus `condition` or `action`
   * for the Failed hooks). The payload is only built when monitors are present: these calls
   * sit on every rule's hot path.
   */
  /**
   * Preview builds only: the prelude's trace hooks (preview/TraceHooks.ts). Not `_`-suffixed:
   * a mangled name would shift every other field's letter in the published engine.
   */
  previewTrace?: TraceHooks | undefined;
  notify_: (
    what: "Triggered" | "Completed" | "ConditionFailed" | "ActionFailed",
    rule: Rule,
    component?: object,
  ) => void;
}
