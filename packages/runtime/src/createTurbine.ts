import type { Extension } from "@liftoff/schema";
import type { Runtime } from "./types.ts";

/** The `turbine` free variable one extension's modules see (reference §2.2). */
export default function createTurbine(rt: Runtime, extension: Extension) {
  const { data_: data, debug_: debug, container_: container } = rt;
  return {
    buildInfo: rt.buildInfo_,
    environment: container.environment,
    property: rt.property_,
    propertySettings: rt.settings_,
    getDataElementValue: data.getDataElementValue,
    replaceTokens: data.replaceTokens,
    // Recomputed on every call so data element tokens in settings stay current.
    getExtensionSettings() {
      const settings = extension.settings || {};
      rt.transform_(settings, "", extension.filePaths);
      return data.replaceTokens(settings);
    },
    // `a.js` → `<base>a.min.js` in minified builds (`a` → `a.min`).
    getHostedLibFileUrl(file: string) {
      const name = rt.buildInfo_.minified ? file.replace(/(\.[^.]*)?$/, ".min$1") : file;
      return rt.resolver_.decorate_(extension.hostedLibFilesBaseUrl || "") + name;
    },
    getSharedModule(extensionName: string, moduleName: string) {
      const modules = container.extensions?.[extensionName]?.modules || {};
      for (const path of Object.keys(modules)) {
        if (modules[path]!.shared && modules[path]!.name === moduleName)
          return rt.modules_.exports_(path);
      }
      return undefined;
    },
    logger: rt.logger_.prefixed_(extension.displayName),
    onDebugChanged: debug.onChanged_,
    get debugEnabled() {
      return debug.enabled_();
    },
  };
}
