import type { Container } from "@liftoff/schema";
import createDataAccess from "./createDataAccess.ts";
import createDebugController from "./createDebugController.ts";
import createDynamicHostResolver from "./createDynamicHostResolver.ts";
import createFilePathTransformer from "./createFilePathTransformer.ts";
import createLogger, { ROCKET } from "./createLogger.ts";
import createModuleProvider from "./createModuleProvider.ts";
import createPublicRequire from "./createPublicRequire.ts";
import createTurbine from "./createTurbine.ts";
import hydrateSatellite, { type Satellite } from "./hydrateSatellite.ts";
import { PREVIEW_BUILD } from "./preview/isPreviewBuild.ts";
import type { TraceHooks } from "./preview/TraceHooks.ts";
import createRuleRunner from "./rules/createRuleRunner.ts";
import initRules from "./rules/initRules.ts";
import type { Runtime } from "./types.ts";
import { componentName } from "./callModule.ts";

/**
 * Starts the engine for one container (reference §3.1): debug flag, dynamic host check,
 * data access, `_satellite`, every extension module, then the rules. Returns false when the
 * library may not run here (dynamic host refused).
 * @example startRuntime(window._satellite.container, window._satellite, document.currentScript?.src ?? "")
 */
export default function startRuntime(
  container: Container,
  satellite: Satellite,
  embedUrl: string,
): boolean {
  const debug = createDebugController();
  const logger = createLogger(debug.enabled_);
  const { name, id, settings = {} } = container.property || {};
  const rt = {
    container_: container,
    debug_: debug,
    logger_: logger,
    property_: { name, id },
    settings_: settings,
  } as Runtime;
  if (PREVIEW_BUILD) rt.previewTrace = satellite.__liftoffTrace as TraceHooks | undefined;
  try {
    rt.resolver_ = createDynamicHostResolver(container.company, embedUrl);
  } catch (error) {
    // Launch rethrows this into the page; we report it and stay out of the page's way.
    console.error(ROCKET, "Please review the following error:", error);
    return false;
  }
  const modules = (rt.modules_ = createModuleProvider(logger));
  rt.transform_ = createFilePathTransformer(
    rt.resolver_,
    (path) => modules.entry_(path)?.definition_.filePaths,
  );
  rt.data_ = createDataAccess(rt);
  rt.buildInfo_ = Object.defineProperty({ ...container.buildInfo }, "environment", {
    get() {
      logger.deprecation(
        "container.buildInfo.environment is deprecated.Please use `container.environment.stage` instead",
      );
      return container.environment?.stage;
    },
  });

  let monitorsWarned = false;
  rt.notify_ = (what, rule, component) => {
    const monitors = satellite._monitors as Record<string, (p: object) => void>[] | undefined;
    if (!monitors) return;
    const payload = component
      ? { rule, [what === "ConditionFailed" ? "condition" : "action"]: component }
      : { rule };
    if (!monitorsWarned) {
      monitorsWarned = true;
      logger.warn(
        "The _satellite._monitors API may change at any time and should only be used for debugging.",
      );
    }
    for (const monitor of monitors) {
      try {
        monitor[`rule${what}`]?.(payload);
      } catch (error) {
        logger.error(error);
      }
    }
  };

  hydrateSatellite(satellite, rt);
  const extensions = container.extensions || {};
  for (const name of Object.keys(extensions)) {
    const extension = extensions[name]!;
    const turbine = createTurbine(rt, extension);
    for (const path of Object.keys(extension.modules || {})) {
      modules.register_(
        path,
        extension.modules[path]!,
        name,
        createPublicRequire(path, modules.exports_),
        turbine,
      );
    }
  }
  modules.hydrate_();
  if (PREVIEW_BUILD) rt.previewTrace?.started({ nameOf: (path) => componentName(rt, path) });
  initRules(rt, createRuleRunner(rt));
  return true;
}
