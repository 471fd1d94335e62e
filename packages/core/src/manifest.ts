/**
 * One machine-readable description per Core module: module path, delegate name (Launch's
 * `name`, used for `event.$type`), display name and a JSON Schema of its settings with
 * defaults. The builder validates rules with it; the studio builds its forms from it.
 */
import type { ModuleKind, ModuleManifest, SettingsSchema } from "@liftoff/schema";

export type { ModuleKind, ModuleManifest, SettingsSchema };

const str = (extra: SettingsSchema = {}): SettingsSchema => ({ type: "string", ...extra });
const num = (extra: SettingsSchema = {}): SettingsSchema => ({
  type: ["number", "string"],
  ...extra,
});
const bool = (d: boolean): SettingsSchema => ({ type: "boolean", default: d });
const obj = (
  properties: Record<string, SettingsSchema>,
  required: string[] = [],
): SettingsSchema =>
  required.length ? { type: "object", properties, required } : { type: "object", properties };
const list = (items: SettingsSchema, extra: SettingsSchema = {}): SettingsSchema => ({
  type: "array",
  items,
  ...extra,
});
const oneOf = (values: string[], extra: SettingsSchema = {}): SettingsSchema => ({
  type: "string",
  enum: values,
  ...extra,
});
/** `[{value, valueIsRegex}]`: exact text or a case-insensitive regex. */
const items = list(obj({ value: str(), valueIsRegex: bool(false) }, ["value"]));
const none = obj({});
/** Custom code: the studio edits it with its code editor. */
const code = str({ format: "code" });
/** A CSS selector: the studio checks that it parses as the user types. */
const selector = str({ format: "selector" });

const bubbly = {
  elementSelector: str({
    format: "selector",
    description: "CSS selector; none means the target itself",
  }),
  elementProperties: list(
    obj({ name: str(), value: str(), valueIsRegex: bool(false) }, ["name", "value"]),
  ),
  bubbleFireIfParent: bool(true),
  bubbleFireIfChildFired: bool(true),
  bubbleStop: bool(false),
};

const operators = [
  "equals",
  "doesNotEqual",
  "contains",
  "doesNotContain",
  "startsWith",
  "doesNotStartWith",
  "endsWith",
  "doesNotEndWith",
  "matchesRegex",
  "doesNotMatchRegex",
  "lessThan",
  "lessThanOrEqual",
  "greaterThan",
  "greaterThanOrEqual",
  "isTrue",
  "isTruthy",
  "isFalse",
  "isFalsy",
];
const comparison = {
  leftOperand: { description: "a %data element% token" },
  comparison: obj({ operator: oneOf(operators), caseInsensitive: bool(false) }, ["operator"]),
  rightOperand: {},
};

const compareOperator = oneOf([">", "<", "="], { default: ">" });
const sizeOperator = oneOf([">", "=", "<"], { default: ">" });
const size = obj(
  {
    widthOperator: sizeOperator,
    width: num({ minimum: 0 }),
    heightOperator: sizeOperator,
    height: num({ minimum: 0 }),
  },
  ["widthOperator", "width", "heightOperator", "height"],
);

const m = (
  kind: ModuleKind,
  file: string,
  name: string,
  displayName: string,
  settings: SettingsSchema = none,
  liftoff?: true,
): ModuleManifest => {
  const folder = kind === "dataElement" ? "dataElements" : `${kind}s`;
  const entry: ModuleManifest = {
    path: `core/src/lib/${folder}/${file}.js`,
    kind,
    name,
    displayName,
    settings,
  };
  if (liftoff) entry.liftoff = liftoff;
  return entry;
};
const domEvent = (file: string, name: string, displayName: string) =>
  m("event", file, name, displayName, obj(bubbly));

export const manifest: ModuleManifest[] = [
  // Events (reference §5.1)
  m("event", "libraryLoaded", "library-loaded", "Library Loaded (Page Top)"),
  m("event", "pageBottom", "page-bottom", "Page Bottom"),
  m("event", "domReady", "dom-ready", "DOM Ready"),
  m("event", "windowLoaded", "window-loaded", "Window Loaded"),
  m(
    "event",
    "click",
    "click",
    "Click",
    obj({ ...bubbly, anchorDelay: num({ minimum: 1, default: 100 }) }),
  ),
  m(
    "event",
    "directCall",
    "direct-call",
    "Direct Call",
    obj({ identifier: str() }, ["identifier"]),
  ),
  m(
    "event",
    "customEvent",
    "custom-event",
    "Custom Event",
    obj({ ...bubbly, type: str() }, ["type"]),
  ),
  m("event", "historyChange", "history-change", "History Change"),
  m("event", "customCode", "custom-code", "Custom Code", obj({ source: code }, ["source"])),
  domEvent("blur", "blur", "Blur"),
  domEvent("focus", "focus", "Focus"),
  m("event", "change", "change", "Change", obj({ ...bubbly, acceptableChangeValues: items })),
  domEvent("submit", "submit", "Submit"),
  domEvent("mousedown", "mousedown", "Mousedown"),
  domEvent("keyDown", "key-down", "Key Down"),
  domEvent("keyPress", "key-press", "Key Press"),
  domEvent("keyUp", "key-up", "Key Up"),
  domEvent("mediaPlay", "media-play", "Media Play"),
  domEvent("mediaPause", "media-pause", "Media Pause"),
  domEvent("mediaEnded", "media-ended", "Media Ended"),
  domEvent("mediaStalled", "media-stalled", "Media Stalled"),
  domEvent("mediaLoadedData", "media-loaded-data", "Media Loaded Data"),
  domEvent("mediaVolumeChange", "media-volume-change", "Media Volume Change"),
  m(
    "event",
    "mediaTimePlayed",
    "media-time-played",
    "Media Time Played",
    obj({ ...bubbly, amount: num({ minimum: 0 }), unit: oneOf(["second", "percent"]) }, [
      "amount",
      "unit",
    ]),
  ),
  m(
    "event",
    "entersViewport",
    "enters-viewport",
    "Enters Viewport",
    obj(
      {
        elementSelector: selector,
        elementProperties: bubbly.elementProperties,
        delay: num({ minimum: 0 }),
        frequency: oneOf(["firstEntry", "everyEntry"], { default: "firstEntry" }),
      },
      ["elementSelector"],
    ),
  ),
  m(
    "event",
    "hover",
    "hover",
    "Hover",
    obj({ ...bubbly, delay: num({ minimum: 0, default: 0 }) }, ["elementSelector"]),
  ),
  m("event", "zoomChange", "zoom-change", "Zoom Change"),
  m("event", "tabBlur", "tab-blur", "Tab Blur"),
  m("event", "tabFocus", "tab-focus", "Tab Focus"),
  m("event", "orientationChange", "orientation-change", "Orientation Change"),
  m(
    "event",
    "timeOnPage",
    "time-on-page",
    "Time On Page",
    obj({ timeOnPage: num({ minimum: 1 }) }, ["timeOnPage"]),
  ),
  m(
    "event",
    "dataElementChange",
    "data-element-change",
    "Data Element Change",
    obj({ name: str() }, ["name"]),
  ),
  m(
    "event",
    "elementExists",
    "element-exists",
    "Element Exists",
    obj({ elementSelector: selector, elementProperties: bubbly.elementProperties }, [
      "elementSelector",
    ]),
  ),
  // The spec's engagement events (spec §4, §9)
  m(
    "event",
    "scrollDepth",
    "scroll-depth",
    "Scroll Depth",
    obj({
      thresholds: list(
        { type: "number", minimum: 0, maximum: 100 },
        { default: [25, 50, 75, 100] },
      ),
      initialDelay: num({ minimum: 0, default: 100 }),
      timeSpent: num({ minimum: 0, default: 10 }),
    }),
    true,
  ),
  m(
    "event",
    "timeAndScroll",
    "time-and-scroll",
    "Time And Scroll",
    obj({
      scrollDepth: num({ minimum: 0, maximum: 100, default: 50 }),
      seconds: num({ minimum: 0, default: 30 }),
      initialDelay: num({ minimum: 0, default: 100 }),
    }),
    true,
  ),
  m(
    "event",
    "elementAwait",
    "element-await",
    "Element Await",
    obj(
      {
        elementSelector: selector,
        timeout: num({ minimum: 0, default: 5000 }),
        poll: num({ minimum: 1, default: 100 }),
      },
      ["elementSelector"],
    ),
    true,
  ),
  // Conditions (reference §5.2)
  m("condition", "path", "path", "Path Without Query String", obj({ paths: items }, ["paths"])),
  m(
    "condition",
    "pathAndQuerystring",
    "path-and-querystring",
    "Path And Query String",
    obj({ paths: items }, ["paths"]),
  ),
  m(
    "condition",
    "queryStringParameter",
    "query-string-parameter",
    "Query String Parameter",
    obj({ name: str(), queryParams: items }, ["name"]),
  ),
  m("condition", "hash", "hash", "Hash", obj({ hashes: items }, ["hashes"])),
  m("condition", "domain", "domain", "Domain", obj({ domains: list(str()) }, ["domains"])),
  m("condition", "subdomain", "subdomain", "Subdomain", obj({ subdomains: items }, ["subdomains"])),
  m(
    "condition",
    "protocol",
    "protocol",
    "Protocol",
    obj({ protocol: oneOf(["http:", "https:"]) }, ["protocol"]),
  ),
  m("condition", "cookie", "cookie", "Cookie", obj({ name: str(), cookieValues: items }, ["name"])),
  m(
    "condition",
    "variable",
    "variable",
    "Variable",
    obj({ name: str(), variableValues: items }, ["name"]),
  ),
  m(
    "condition",
    "valueComparison",
    "value-comparison",
    "Value Comparison",
    obj(comparison, ["leftOperand", "comparison"]),
  ),
  m("condition", "customCode", "custom-code", "Custom Code", obj({ source: code }, ["source"])),
  m("condition", "dateRange", "date-range", "Date Range", obj({ start: str(), end: str() })),
  m("condition", "screenResolution", "screen-resolution", "Screen Resolution", size),
  m("condition", "windowSize", "window-size", "Window Size", size),
  m(
    "condition",
    "sampling",
    "sampling",
    "Sampling",
    obj({ rate: num({ minimum: 0, maximum: 1, default: 0.5 }), persistCohort: bool(false) }, [
      "rate",
    ]),
  ),
  m(
    "condition",
    "browser",
    "browser",
    "Browser",
    obj({ browsers: list(oneOf(["Chrome", "Firefox", "IE", "Edge", "Safari", "Mobile Safari"])) }, [
      "browsers",
    ]),
  ),
  m(
    "condition",
    "operatingSystem",
    "operating-system",
    "Operating System",
    obj(
      { operatingSystems: list(oneOf(["Windows", "MacOS", "Linux", "Unix", "iOS", "Android"])) },
      ["operatingSystems"],
    ),
  ),
  m(
    "condition",
    "deviceType",
    "device-type",
    "Device Type",
    obj(
      {
        deviceTypes: list(
          oneOf([
            "Desktop",
            "iPhone",
            "iPad",
            "iPod",
            "Nokia",
            "Windows Phone",
            "Blackberry",
            "Android",
          ]),
        ),
      },
      ["deviceTypes"],
    ),
  ),
  m(
    "condition",
    "maxFrequency",
    "max-frequency",
    "Max Frequency",
    obj(
      {
        count: num({ minimum: 1, default: 1 }),
        unit: oneOf(
          ["pageView", "session", "visitor", "second", "minute", "day", "week", "month"],
          {
            default: "pageView",
          },
        ),
      },
      ["unit"],
    ),
  ),
  m(
    "condition",
    "landingPage",
    "landing-page",
    "Landing Page",
    obj({ landingPages: list(obj({ value: str(), pageIsRegex: bool(false) }, ["value"])) }, [
      "landingPages",
    ]),
  ),
  m(
    "condition",
    "trafficSource",
    "traffic-source",
    "Traffic Source",
    obj({ trafficSources: list(obj({ value: str(), sourceIsRegex: bool(false) }, ["value"])) }, [
      "trafficSources",
    ]),
  ),
  m(
    "condition",
    "newReturningVisitor",
    "new-returning-visitor",
    "New/Returning Visitor",
    obj({ isNewVisitor: bool(true) }, ["isNewVisitor"]),
  ),
  m(
    "condition",
    "pageViews",
    "page-views",
    "Page Views",
    obj(
      {
        operator: compareOperator,
        count: num({ minimum: 0 }),
        duration: oneOf(["lifetime", "session"], { default: "lifetime" }),
      },
      ["operator", "count", "duration"],
    ),
  ),
  m(
    "condition",
    "sessions",
    "sessions",
    "Sessions",
    obj({ operator: compareOperator, count: num({ minimum: 0 }) }, ["operator", "count"]),
  ),
  m(
    "condition",
    "timeOnSite",
    "time-on-site",
    "Time On Site",
    obj({ operator: compareOperator, minutes: num({ minimum: 0 }) }, ["operator", "minutes"]),
  ),
  // Actions (reference §5.3)
  m(
    "action",
    "customCode",
    "custom-code",
    "Custom Code",
    obj(
      {
        language: oneOf(["javascript", "html"], { default: "javascript" }),
        global: bool(false),
        source: code,
        isExternal: bool(false),
      },
      ["language", "source"],
    ),
  ),
  m(
    "action",
    "directCall",
    "direct-call",
    "Trigger Direct Call",
    obj(
      {
        identifier: str(),
        detail: obj({ eventObjectEntries: list(obj({ key: str(), value: {} }, ["key"])) }),
      },
      ["identifier"],
    ),
  ),
  // Data element types (reference §5.4)
  m(
    "dataElement",
    "javascriptVariable",
    "javascript-variable",
    "JavaScript Variable",
    obj({ path: str() }, ["path"]),
  ),
  m("dataElement", "cookie", "cookie", "Cookie", obj({ name: str() }, ["name"])),
  m(
    "dataElement",
    "queryStringParameter",
    "query-string-parameter",
    "Query String Parameter",
    obj({ name: str(), caseInsensitive: bool(false) }, ["name"]),
  ),
  m(
    "dataElement",
    "pageInfo",
    "page-info",
    "Page Info",
    obj({ attribute: oneOf(["url", "hostname", "pathname", "protocol", "referrer", "title"]) }, [
      "attribute",
    ]),
  ),
  m(
    "dataElement",
    "domAttribute",
    "dom-attribute",
    "DOM Attribute",
    obj({ elementSelector: selector, elementProperty: str({ default: "text" }) }, [
      "elementSelector",
      "elementProperty",
    ]),
  ),
  m("dataElement", "customCode", "custom-code", "Custom Code", obj({ source: code }, ["source"])),
  m("dataElement", "constant", "constant", "Constant", obj({ value: str() }, ["value"])),
  m(
    "dataElement",
    "localStorage",
    "local-storage",
    "Local Storage",
    obj({ name: str() }, ["name"]),
  ),
  m(
    "dataElement",
    "sessionStorage",
    "session-storage",
    "Session Storage",
    obj({ name: str() }, ["name"]),
  ),
  m(
    "dataElement",
    "randomNumber",
    "random-number",
    "Random Number",
    obj({ min: num({ default: 0 }), max: num({ default: 1000000000 }) }, ["min", "max"]),
  ),
  m(
    "dataElement",
    "deviceAttributes",
    "device-attributes",
    "Device Attributes",
    obj({ attribute: oneOf(["windowSize", "screenSize"]) }, ["attribute"]),
  ),
  m(
    "dataElement",
    "runtimeEnvironment",
    "runtime-environment",
    "Runtime Environment",
    obj(
      {
        attribute: oneOf([
          "environmentStage",
          "buildDate",
          "propertyName",
          "propertyId",
          "ruleName",
          "ruleId",
          "eventType",
          "eventDetail",
          "DCRIdentifier",
        ]),
      },
      ["attribute"],
    ),
  ),
  m(
    "dataElement",
    "mergedObjects",
    "merged-objects",
    "Merged Objects",
    obj({ objects: list(str({ description: "a %data element% token" })) }, ["objects"]),
  ),
  m(
    "dataElement",
    "conditionalValue",
    "conditional-value",
    "Conditional Value",
    obj({ ...comparison, conditionalValue: {}, fallbackValue: {} }, ["leftOperand", "comparison"]),
  ),
  m(
    "dataElement",
    "javascriptTools",
    "javascript-tools",
    "JavaScript Tools",
    obj(
      {
        sourceValue: { description: "a %data element% token" },
        operator: oneOf([
          "simpleReplace",
          "regexReplace",
          "substring",
          "slice",
          "regexMatch",
          "length",
          "indexOf",
          "lastIndexOf",
          "join",
          "split",
          "arrayPop",
          "arrayShift",
        ]),
        searchValue: str(),
        replacementValue: str(),
        replaceAll: bool(false),
        regexInput: str({ format: "regex" }),
        caseInsensitive: bool(false),
        start: num(),
        end: num(),
        delimiter: str(),
      },
      ["sourceValue", "operator"],
    ),
  ),
  m(
    "dataElement",
    "visitorBehavior",
    "visitor-behavior",
    "Visitor Behavior",
    obj(
      {
        attribute: oneOf([
          "landingPage",
          "trafficSource",
          "minutesOnSite",
          "sessionCount",
          "sessionPageViewCount",
          "lifetimePageViewCount",
          "isNewVisitor",
        ]),
      },
      ["attribute"],
    ),
  ),
  m("dataElement", "deviceType", "device-type", "Device Type", none, true),
  m("dataElement", "screenOrientation", "screen-orientation", "Screen Orientation", none, true),
];

/** The manifest entry for a module path, or undefined. */
export function describeModule(path: string): ModuleManifest | undefined {
  return manifest.find((entry) => entry.path === path);
}
