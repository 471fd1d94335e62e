import type { ExtensionModule } from "@liftoff/schema";
import type { Logger } from "./createLogger.ts";
import errorText from "./errorText.ts";

export interface RegisteredModule {
  definition_: ExtensionModule;
  extensionName_: string;
  exports_?: unknown;
  ready_?: boolean;
  run_(): void;
}

export interface ModuleProvider {
  register_: (
    path: string,
    definition: ExtensionModule,
    extensionName: string,
    require: (path: string) => unknown,
    turbine: unknown,
  ) => void;
  /** Runs every registered module once, in registration order (Launch evaluates eagerly). */
  hydrate_: () => void;
  /** A module's exports; throws `Module <path> not found.` for an unknown path. */
  exports_: (path: string) => unknown;
  entry_: (path: string) => RegisteredModule | undefined;
}

export default function createModuleProvider(logger: Logger): ModuleProvider {
  const registry: Record<string, RegisteredModule> = {};

  const getExports = (path: string): unknown => {
    const entry = registry[path];
    if (!entry) throw new Error(`Module ${path} not found.`);
    // A module required by another before its turn is initialised on demand.
    if (!entry.ready_) entry.run_();
    return entry.exports_;
  };

  return {
    register_(path, definition, extensionName, require, turbine) {
      const entry: RegisteredModule = (registry[path] = {
        definition_: definition,
        extensionName_: extensionName,
        run_() {
          entry.ready_ = true;
          const module: { exports: unknown } = { exports: {} };
          try {
            definition.script.call(module.exports, module, module.exports, require, turbine);
          } catch (error) {
            logger.error(`Error initializing module ${path}. ${errorText(error)}`);
          }
          const value = module.exports as { __esModule?: boolean; default?: unknown } | undefined;
          entry.exports_ = value && value.__esModule && "default" in value ? value.default : value;
        },
      });
    },
    hydrate_() {
      Object.keys(registry).forEach(getExports);
    },
    exports_: getExports,
    entry_: (path) => registry[path],
  };
}
