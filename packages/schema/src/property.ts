/**
 * The property document: what authors edit (in the studio, or as a file in a repository)
 * and what the builder turns into one library per environment. The server keeps it as
 * resources (the settings, each environment, extension, data element and rule), each with
 * its own revisions, kept forever; a document is those resources at chosen revisions.
 *
 * It mirrors the Launch container (container.ts) with three differences: resources carry
 * stable ids (diffs and the API address them), data elements are a list (their names are
 * unique, checked by validation), and settings are what authors write — custom code is a
 * source string, per-environment values are `{development, staging, production}` — which
 * the build transforms into the container's runtime form.
 */
import type { PropertyPlatform } from "./forwarding.ts";
import type { Company, PropertySettings, Stage } from "./container.ts";
import type { PropertyReporting } from "./reporting.ts";

export const PROPERTY_FORMAT_VERSION = 1;

/** The longest name of a rule or data element (Launch's own limit). */
export const ITEM_NAME_MAX = 255;

export type JsonSettings = Record<string, unknown>;

export interface PropertyEnvironment {
  /** Launch-style id, `EN` + 32 hex digits or any `[A-Za-z0-9_-]+`. Used in the library URL. */
  id: string;
  name: string;
  /** Several development environments are allowed; one staging, one production. */
  stage: Stage;
}

/**
 * Extension-level settings, as authored. Per-stage values use the stage names as keys, at the
 * fields whose schema allows them (SettingsSchema `stages`).
 */
export interface PropertyExtension {
  /** The extension's manifest name (`core`, `web-sdk`, `identity`) or an opaque import name. */
  name: string;
  displayName?: string;
  version?: string;
  settings?: JsonSettings;
  hostedLibFilesBaseUrl?: string;
  /**
   * Files the extension's modules load through `turbine.getHostedLibFileUrl(name)` (e.g.
   * `AppMeasurement.js`), as text by that name, carried from an import. Each build publishes
   * them next to its library (`hosted/<extension>/<name>`, under both the plain and the `.min`
   * name when only one is given) and points `hostedLibFilesBaseUrl` there.
   */
  hostedFiles?: Record<string, string>;
  /**
   * Only for extensions Liftoff does not implement (kept from an import): their module
   * scripts as source text (`function(module, exports, require, turbine) {…}`), by module
   * path. They are copied into libraries unchanged and still run.
   */
  opaqueModules?: Record<
    string,
    { name?: string; displayName?: string; shared?: boolean; script: string }
  >;
}

export interface PropertyDataElement {
  id: string;
  /** Unique within the property; `%name%` tokens and `_satellite.getVar(name)` use it. */
  name: string;
  modulePath: string;
  settings?: JsonSettings;
  defaultValue?: unknown;
  forceLowerCase?: boolean;
  cleanText?: boolean;
  storageDuration?: "pageview" | "session" | "visitor";
  /**
   * Disabled data elements stay in the document and are left out of builds (unfinished work
   * is saved this way). Default true.
   */
  enabled?: boolean;
  /** Authoring notes shown in the studio; not built into libraries. */
  description?: string;
}

export interface PropertyRuleEvent {
  id: string;
  modulePath: string;
  settings?: JsonSettings;
  /** Default 50. */
  ruleOrder?: number;
}

export interface PropertyRuleCondition {
  id: string;
  modulePath: string;
  settings?: JsonSettings;
  negate?: boolean;
  /** Milliseconds; only used with rule component sequencing. */
  timeout?: number;
}

export interface PropertyRuleAction {
  id: string;
  modulePath: string;
  settings?: JsonSettings;
  timeout?: number;
  delayNext?: boolean;
}

export interface PropertyRule {
  id: string;
  /** Unique within the property. */
  name: string;
  /**
   * Disabled rules stay in the document and are left out of builds (unfinished work is saved
   * this way). Default true.
   */
  enabled?: boolean;
  description?: string;
  events: PropertyRuleEvent[];
  conditions: PropertyRuleCondition[];
  actions: PropertyRuleAction[];
}

/** The property's own settings: the container's, plus how its libraries are served. */
export interface PropertyDocumentSettings extends PropertySettings {
  /**
   * `edge`: an event forwarding property (docs/event-forwarding.md): its rules run on the
   * server for the events of the datastreams linked to it, and its libraries are rulesets,
   * not page scripts. Default `web`. Fixed when the property is created.
   */
  platform?: PropertyPlatform;
  /**
   * Seconds browsers and CDNs may cache the staging and production libraries before they
   * revalidate (ETag); default 3600. Development libraries are always `no-cache`.
   */
  libraryMaxAge?: number;
  /**
   * What libraries report as `_satellite.buildInfo.turbineVersion` and `turbineBuildDate`.
   * An imported property keeps its original's, because extensions may read them (Analytics
   * derives its version code from turbineBuildDate); default Liftoff's own.
   */
  turbineVersion?: string;
  turbineBuildDate?: string;
  /**
   * What libraries report as `_satellite.buildInfo.minified`, whatever the build: `false`
   * for an import of a build that predates the flag (turbine 27 and earlier), whose
   * extensions ask for their hosted files' plain names (`AppMeasurement.js`), as the runtime
   * does when the flag is false. Default: the build's own (minified outside development).
   */
  buildInfoMinified?: boolean;
  /**
   * Separation of duties: the approver must differ from the submitter. On, the server
   * refuses to let whoever submitted a library approve it (another approver or admin must);
   * off (the default), a submitter may approve their own library. Only admins change it.
   * Not part of the built library.
   */
  separationOfDuties?: boolean;
  /**
   * The property's report fields (where its own variables are in an event) and the reports
   * built on them (reporting.ts), checked by checkReporting. Exported with the property; not
   * part of the built library or the Launch container.
   */
  reporting?: PropertyReporting;
}

export const DEFAULT_LIBRARY_MAX_AGE = 3600;

/** What the studio and the server's problems call `separationOfDuties`. */
export const SEPARATION_OF_DUTIES_LABEL = "Approver must differ from the submitter";

/**
 * The property's company. The org id is optional until an extension needs it: the Web SDK
 * (its instances fall back to it, and the edge names its cookies after it); the identity
 * extension carries its own in its settings.
 */
export type PropertyCompany = Omit<Company, "orgId"> & { orgId?: string };

export interface PropertyDocument {
  formatVersion: typeof PROPERTY_FORMAT_VERSION;
  company: PropertyCompany;
  property: { id: string; name: string; settings: PropertyDocumentSettings };
  environments: PropertyEnvironment[];
  extensions: PropertyExtension[];
  dataElements: PropertyDataElement[];
  rules: PropertyRule[];
}

/** One validation finding; `path` names its place, e.g. `rules[3].actions[0].settings.source`. */
export interface PropertyProblem {
  path: string;
  message: string;
  /** Readable place for people: `rule "Page View" › action 1`. */
  where?: string;
  /**
   * `"warning"`: worth a look but builds go ahead (shared-variable leaks, in a property
   * state's `warnings`); absent: an error that stops builds.
   */
  severity?: "warning";
}
