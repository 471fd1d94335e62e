/**
 * Module manifests: one machine-readable description per extension module (module path,
 * delegate name, display name, JSON Schema of its settings). Each browser package that
 * ships an extension publishes one; the builder validates properties with them and the
 * studio generates its forms from them.
 */
import type { PropertyPlatform } from "./forwarding.ts";

export type ModuleKind = "event" | "condition" | "action" | "dataElement" | "shared";

/** The subset of JSON Schema the manifests use. */
export interface SettingsSchema {
  type?: string | string[];
  properties?: Record<string, SettingsSchema>;
  items?: SettingsSchema;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  /** The field's label in the studio, in plain words; the key, humanized, when absent. */
  title?: string;
  /** A hint under the field; ends with Launch's own term ("Launch: …") where it differs. */
  description?: string;
  /**
   * The field may hold a per-stage value, `{development, staging, production}` (all three),
   * of which a build keeps its environment's. Only fields that say so are resolved: any
   * other object keyed by stage names is data (an imported extension may read
   * `settings.accounts[turbine.environment.stage]` itself), and validation refuses one at a
   * field that takes a single value.
   */
  stages?: true;
  /**
   * Studio hint: `code` is edited with the code editor (custom code); `regex` must compile and
   * `selector` must parse as CSS (the studio checks both as the user types); `json` stays JSON.
   */
  format?: "code" | "url" | "selector" | "regex" | "json";
  /**
   * Studio hint for a purpose-made control: `variableDataElement` picks one of the property's
   * Variable data elements by name (storing its key); `xdmEventType` offers XDM's event types
   * and warns about others; `jsonOrToken` edits an object as JSON or one `%data element%` token.
   */
  widget?: "variableDataElement" | "xdmEventType" | "jsonOrToken";
  /**
   * Studio hint on a property of an object: the plain-words heading of the collapsible group
   * it is shown in ("Advanced", "Timing", "Identity"). Properties without one come first;
   * groups follow in the order of their first property. A group opens by itself when one of
   * its fields has a problem or a value other than its default; "Advanced" otherwise starts
   * closed, any other group open. Validation ignores it.
   */
  group?: string;
  /** Studio hint: the words each `enum` value is shown as, in the same order. */
  enumTitles?: string[];
  /**
   * Studio hint on a property of an object: shown only while the sibling property `field`
   * holds one of `values` (JavaScript Tools' `start` only for substring and slice). A hidden
   * field keeps its value; validation ignores the hint.
   */
  shownWhen?: { field: string; values: unknown[] };
}

export interface ModuleManifest {
  /** Module path as containers carry it: `<extension>/<path inside the extension>`. */
  path: string;
  kind: ModuleKind;
  /** Launch's delegate name (`extension.json` `name`), used for `event.$type`. */
  name: string;
  displayName: string;
  /** True for modules that are Liftoff's own additions, not in the Launch extension. */
  liftoff?: true;
  settings: SettingsSchema;
}

/** One installable extension: its settings schema and its modules. */
export interface ExtensionManifest {
  /** Key in a container's `extensions` map (`core`, `web-sdk`, `identity`). */
  name: string;
  displayName: string;
  version: string;
  /** One line saying what the extension adds, for the studio's catalogue. */
  description?: string;
  /** The extension needs the property's org id (`company.orgId`); a property without one is refused. */
  needsOrgId?: true;
  /** Names Launch uses for the same extension (`adobe-alloy`, `adobe-mcid`); import maps them. */
  launchNames?: string[];
  /**
   * Where the extension runs: `web` (the page; the default) or `edge` (the server, for event
   * forwarding properties). A property installs only extensions of its own platform.
   */
  platform?: PropertyPlatform;
  /** Schema of the extension-level settings (`turbine.getExtensionSettings()`). */
  settings: SettingsSchema;
  modules: ModuleManifest[];
}
