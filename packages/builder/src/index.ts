export { default as createEmbedCode } from "./createEmbedCode.ts";
export { catalog, catalogFor, findExtension, findModule, platformOf } from "./catalog.ts";
export { forwardingCatalog } from "./forwarding/manifest.ts";
export { default as buildRuleset, type RulesetOptions } from "./forwarding/buildRuleset.ts";
export { default as parsePropertyDocument } from "./parsePropertyDocument.ts";
export { default as validateProperty, validateDisabledItems } from "./validateProperty.ts";
export { default as propertyWarnings } from "./propertyWarnings.ts";
export {
  default as buildLibrary,
  BuildRefusedError,
  DEFAULT_BUILD_DATE,
  type BuildOptions,
  type PreviewBuildOptions,
  type BuiltLibrary,
  type ContainerJson,
} from "./buildLibrary.ts";
export { default as diffProperties } from "./diffProperties.ts";
export { default as importLaunch } from "./importLaunch.ts";
export { default as exportLaunch } from "./exportLaunch.ts";
export { transforms } from "./transforms.ts";
export {
  default as importFolder,
  folderFileFor,
  importFiles,
  BuildFilesError,
  type BuildFile,
  type ImportFilesOptions,
} from "./importFolder.ts";
export { default as carriedFiles, type CarriedFile } from "./carriedFiles.ts";
