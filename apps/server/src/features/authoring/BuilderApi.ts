import * as builder from "@liftoff/builder";
import type {
  ExtensionManifest,
  ImportReport,
  ItemChange,
  PropertyDocument,
  PropertyProblem,
} from "@liftoff/schema";

export interface BuiltLibrary {
  code: string;
  bytes: number;
  gzipBytes: number;
  durationMs: number;
  /** Files published next to the library: `hosted/<extension>/<name>` (docs/builder.md). */
  files?: Array<{ path: string; text: string }>;
}

/**
 * What the API uses of `@liftoff/builder` (packages/builder). The app takes it as a
 * dependency so tests can replace one function with one that fails on purpose (a failed
 * publish must leave production untouched); everything else is the package's own.
 */
export interface BuilderApi {
  catalog: ExtensionManifest[];
  /** The extensions an event forwarding property (platform `edge`) installs. */
  forwardingCatalog: ExtensionManifest[];
  /** Structural check; throws ValidationErrors naming every bad field. */
  parsePropertyDocument(input: unknown): PropertyDocument;
  /** Semantic findings (unknown modules, bad settings, custom code that does not parse…). */
  validateProperty(document: PropertyDocument): PropertyProblem[];
  /** What disabled rules and data elements would need fixing before they are enabled. */
  validateDisabledItems(document: PropertyDocument): PropertyProblem[];
  /** Warnings that do not stop builds: unknown tokens, rules with no event, leaking variables. */
  propertyWarnings(document: PropertyDocument): PropertyProblem[];
  buildLibrary(
    document: PropertyDocument,
    options: {
      environmentId: string;
      buildDate?: string;
      minify?: boolean;
      /** A preview build (docs/preview.md): the trace instrumentation, reporting to this session. */
      preview?: PreviewBuildOptions;
    },
  ): Promise<BuiltLibrary>;
  diffProperties(from: PropertyDocument, to: PropertyDocument): ItemChange[];
  importLaunch(input: unknown): { document: PropertyDocument; report: ImportReport };
  /**
   * A downloaded build folder sent as files (`path` relative, `/`-separated): the library
   * among them is imported and the files its container refers to are carried. Throws an
   * error with `field` (`files`, `files[i].text`) when the files hold no one library.
   */
  importFiles(
    files: Array<{ path: string; text: string }>,
  ): Promise<{ document: PropertyDocument; report: ImportReport }>;
  exportLaunch(document: PropertyDocument, environmentId: string): Promise<unknown>;
  createEmbedCode(libraryUrl: string): string;
}

/** What a preview build needs to know of its session. */
export interface PreviewBuildOptions {
  sessionId: string;
  /** The library's name or "Working state", shown on the page's preview badge. */
  label: string;
}

/** A preview build: its code and the files it carries (`preview-<id>/hosted/…`). */
export interface PreviewBuild {
  code: string;
  files: Array<{ path: string; text: string }>;
}

/** The `@liftoff/builder` package, as the API uses it. */
export const packageBuilder: BuilderApi = {
  catalog: builder.catalog,
  forwardingCatalog: builder.forwardingCatalog,
  parsePropertyDocument: builder.parsePropertyDocument,
  validateProperty: builder.validateProperty,
  validateDisabledItems: builder.validateDisabledItems,
  propertyWarnings: builder.propertyWarnings,
  buildLibrary: builder.buildLibrary,
  diffProperties: builder.diffProperties,
  importLaunch: builder.importLaunch,
  importFiles: builder.importFiles,
  exportLaunch: builder.exportLaunch,
  createEmbedCode: builder.createEmbedCode,
};
