/**
 * One machine-readable description per Core module: module path, delegate name (Launch's
 * `name`, used for `event.$type`), display name and a JSON Schema of its settings with
 * defaults. The builder validates rules with it; the studio builds its forms from it.
 */
import {
  bool,
  inGroup,
  label,
  type ModuleKind,
  type ModuleManifest,
  type SettingsSchema,
} from "@liftoff/schema";

export type { ModuleKind, ModuleManifest, SettingsSchema };

const str = (extra: SettingsSchema = {}): SettingsSchema => ({ type: "string", ...extra });
const num = (extra: SettingsSchema = {}): SettingsSchema => ({
  type: ["number", "string"],
  ...extra,
});
/**
 * Studio form groups: "Advanced" (starts closed) for options most rules keep at their
 * defaults, "Timing" for waits and delays.
 */
const advanced = (schema: SettingsSchema) => inGroup("Advanced", schema);
const timing = (schema: SettingsSchema) => inGroup("Timing", schema);
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
/** "Regex" switches on `[{value, …IsRegex}]` lists. */
const isRegex = label(
  bool(false),
  "Value is a regular expression",
  "Matched case-insensitively anywhere in the text unless anchored with ^ and $",
  "Regex",
);
/** `[{value, valueIsRegex}]`: exact text or a case-insensitive regex. */
const items = list(obj({ value: str(), valueIsRegex: isRegex }, ["value"]));
const none = obj({});
/** Custom code: the studio edits it with its code editor. */
const code = str({ format: "code" });
/** JavaScript Tools' operators in plain words, by the value Launch stores. */
const JS_TOOLS: Record<string, string> = {
  simpleReplace: "Replace text",
  regexReplace: "Replace with a regular expression",
  substring: "Part of the text (substring)",
  slice: "Part of the text (slice, negative counts from the end)",
  regexMatch: "First match of a regular expression",
  length: "Length",
  indexOf: "Position of text",
  lastIndexOf: "Last position of text",
  join: "Join a list into text",
  split: "Split text into a list",
  arrayPop: "Last item of a list",
  arrayShift: "First item of a list",
};

/** A JavaScript Tools setting, shown for the operators that read it. */
const jsTool = (schema: SettingsSchema, ...operators: string[]): SettingsSchema => ({
  ...schema,
  shownWhen: { field: "operator", values: operators },
});

/** A CSS selector: the studio checks that it parses as the user types. */
const selector = label(
  str({ format: "selector" }),
  "Elements matching (CSS selector)",
  "e.g. a.download or #quote-form button",
  "Elements matching the CSS selector",
);

const elementProperties = label(
  list(
    label(
      obj({ name: label(str(), "Property or attribute"), value: str(), valueIsRegex: isRegex }, [
        "name",
        "value",
      ]),
      "Property",
    ),
  ),
  "Only elements with these properties",
  "e.g. id, href or innerText and the value it must have",
  "And having certain property values",
);
const bubbly = {
  elementSelector: label(
    str({ format: "selector" }),
    "Elements matching (CSS selector)",
    "e.g. a.download; leave empty for any element",
    "Elements matching the CSS selector",
  ),
  elementProperties,
  bubbleFireIfParent: advanced(
    label(
      bool(true),
      "Also run when the event starts inside a matching element",
      "e.g. a click on the icon inside a matching button",
      "Bubble fire if parent",
    ),
  ),
  bubbleFireIfChildFired: advanced(
    label(
      bool(true),
      "Run even if a rule already ran for an element inside this one",
      undefined,
      "Bubble fire if child fired",
    ),
  ),
  bubbleStop: advanced(
    label(
      bool(false),
      "Stop rules for outer elements after this one runs",
      undefined,
      "Bubble stop",
    ),
  ),
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
  leftOperand: label({}, "Value to check", "usually a %data element% token", "Left operand"),
  comparison: label(
    obj(
      {
        operator: label(oneOf(operators), "How to compare"),
        caseInsensitive: label(
          bool(false),
          "Ignore upper and lower case",
          undefined,
          "Case insensitive",
        ),
      },
      ["operator"],
    ),
    "Comparison",
  ),
  rightOperand: label(
    {},
    "Compared with",
    "text, a number or a %data element% token",
    "Right operand",
  ),
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
    obj({
      ...bubbly,
      anchorDelay: advanced(
        label(
          num({ minimum: 1, default: 100 }),
          "Hold a clicked link (ms)",
          "Gives the rule time to send its event before the browser follows the link",
          "Delay link activation",
        ),
      ),
    }),
  ),
  m(
    "event",
    "directCall",
    "direct-call",
    "Direct Call",
    obj(
      {
        identifier: label(
          str(),
          "Direct call name",
          "The name the page passes to _satellite.track()",
          "Identifier",
        ),
      },
      ["identifier"],
    ),
  ),
  m(
    "event",
    "customEvent",
    "custom-event",
    "Custom Event",
    obj(
      {
        ...bubbly,
        type: label(str(), "Event name", "The DOM event type to listen for", "Custom event type"),
      },
      ["type"],
    ),
  ),
  m("event", "historyChange", "history-change", "History Change"),
  m("event", "customCode", "custom-code", "Custom Code", obj({ source: code }, ["source"])),
  domEvent("blur", "blur", "Blur"),
  domEvent("focus", "focus", "Focus"),
  m(
    "event",
    "change",
    "change",
    "Change",
    obj({
      ...bubbly,
      acceptableChangeValues: label(
        items,
        "Only when the new value is",
        "Leave empty for any value",
        "And the new value is",
      ),
    }),
  ),
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
    obj(
      {
        ...bubbly,
        amount: label(num({ minimum: 0 }), "Played for"),
        unit: oneOf(["second", "percent"]),
      },
      ["amount", "unit"],
    ),
  ),
  m(
    "event",
    "entersViewport",
    "enters-viewport",
    "Enters Viewport",
    obj(
      {
        elementSelector: selector,
        elementProperties,
        delay: timing(
          label(num({ minimum: 0 }), "Only after it stays in view for (ms)", undefined, "Delay"),
        ),
        frequency: timing(
          label(
            oneOf(["firstEntry", "everyEntry"], { default: "firstEntry" }),
            "How often",
            "The first time it enters the viewport, or every time",
            "Frequency",
          ),
        ),
      },
      ["elementSelector"],
    ),
  ),
  m(
    "event",
    "hover",
    "hover",
    "Hover",
    obj(
      {
        ...bubbly,
        delay: label(
          num({ minimum: 0, default: 0 }),
          "Only after hovering for (ms)",
          undefined,
          "Delay",
        ),
      },
      ["elementSelector"],
    ),
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
    obj(
      { timeOnPage: label(num({ minimum: 1 }), "Seconds on the page", undefined, "Time on page") },
      ["timeOnPage"],
    ),
  ),
  m(
    "event",
    "dataElementChange",
    "data-element-change",
    "Data Element Change",
    obj(
      { name: label(str(), "Data element name", "Runs when this data element's value changes") },
      ["name"],
    ),
  ),
  m(
    "event",
    "elementExists",
    "element-exists",
    "Element Exists",
    obj({ elementSelector: selector, elementProperties }, ["elementSelector"]),
  ),
  // The spec's engagement events (spec §4, §9)
  m(
    "event",
    "scrollDepth",
    "scroll-depth",
    "Scroll Depth",
    obj({
      thresholds: label(
        list({ type: "number", minimum: 0, maximum: 100 }, { default: [25, 50, 75, 100] }),
        "Scroll depths (% of the page)",
        "One event per depth reached",
      ),
      initialDelay: advanced(label(num({ minimum: 0, default: 100 }), "Start watching after (ms)")),
      timeSpent: advanced(
        label(num({ minimum: 0, default: 10 }), "Check after scrolling stops for (ms)"),
      ),
    }),
    true,
  ),
  m(
    "event",
    "timeAndScroll",
    "time-and-scroll",
    "Time And Scroll",
    obj({
      scrollDepth: label(num({ minimum: 0, maximum: 100, default: 50 }), "Scroll depth (%)"),
      seconds: label(num({ minimum: 0, default: 30 }), "Seconds on the page"),
      initialDelay: advanced(label(num({ minimum: 0, default: 100 }), "Start watching after (ms)")),
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
        timeout: timing(label(num({ minimum: 0, default: 5000 }), "Give up after (ms)")),
        poll: timing(label(num({ minimum: 1, default: 100 }), "Look every (ms)")),
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
    obj(
      {
        name: label(str(), "Parameter name", "e.g. utm_source"),
        queryParams: label(items, "Parameter values", "Leave empty for any value"),
      },
      ["name"],
    ),
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
  m(
    "condition",
    "cookie",
    "cookie",
    "Cookie",
    obj({ name: label(str(), "Cookie name"), cookieValues: label(items, "Cookie values") }, [
      "name",
    ]),
  ),
  m(
    "condition",
    "variable",
    "variable",
    "Variable",
    obj(
      {
        name: label(str(), "JavaScript variable", "e.g. digitalData.page.name", "Name"),
        variableValues: label(items, "Variable values"),
      },
      ["name"],
    ),
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
    obj(
      {
        rate: label(
          num({ minimum: 0, maximum: 1, default: 0.5 }),
          "Share of page views (0 to 1)",
          "0.1 runs the rule for about one in ten",
          "Rate",
        ),
        persistCohort: label(
          bool(false),
          "Keep the same visitors in or out",
          "A visitor sampled once stays sampled",
          "Persist cohort",
        ),
      },
      ["rate"],
    ),
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
        count: label(num({ minimum: 1, default: 1 }), "At most this many times"),
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
    obj({ landingPages: list(obj({ value: str(), pageIsRegex: isRegex }, ["value"])) }, [
      "landingPages",
    ]),
  ),
  m(
    "condition",
    "trafficSource",
    "traffic-source",
    "Traffic Source",
    obj({ trafficSources: list(obj({ value: str(), sourceIsRegex: isRegex }, ["value"])) }, [
      "trafficSources",
    ]),
  ),
  m(
    "condition",
    "newReturningVisitor",
    "new-returning-visitor",
    "New/Returning Visitor",
    obj(
      {
        isNewVisitor: label(
          bool(true),
          "New visitors (unchecked: returning visitors)",
          undefined,
          "Is new visitor",
        ),
      },
      ["isNewVisitor"],
    ),
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
        global: advanced(
          label(
            bool(false),
            "Run in the page's global scope",
            "Variables it declares become globals; the event object is not available",
            "Execute globally",
          ),
        ),
        source: code,
        isExternal: advanced(
          label(
            bool(false),
            "Code is loaded from a separate file",
            "Set by imports from Launch, where the code lives in its own file",
            "Is external",
          ),
        ),
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
        identifier: label(
          str(),
          "Direct call name",
          "Rules with a Direct Call event of this name run",
          "Identifier",
        ),
        detail: label(
          advanced(
            obj({
              eventObjectEntries: label(list(obj({ key: str(), value: {} }, ["key"])), "Details"),
            }),
          ),
          "Event details",
          "Values the triggered rules see in event.detail",
          "Event detail",
        ),
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
    obj({ path: label(str(), "Variable path", "e.g. digitalData.page.name", "Path to variable") }, [
      "path",
    ]),
  ),
  m("dataElement", "cookie", "cookie", "Cookie", obj({ name: str() }, ["name"])),
  m(
    "dataElement",
    "queryStringParameter",
    "query-string-parameter",
    "Query String Parameter",
    obj(
      {
        name: label(str(), "Parameter name", "e.g. utm_source"),
        caseInsensitive: label(
          bool(false),
          "Ignore upper and lower case in the name",
          undefined,
          "Case insensitive",
        ),
      },
      ["name"],
    ),
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
    obj(
      {
        elementSelector: selector,
        elementProperty: label(
          str({ default: "text" }),
          "Property or attribute to read",
          "text, id, href, or any attribute name",
          "Use the value of",
        ),
      },
      ["elementSelector", "elementProperty"],
    ),
  ),
  m("dataElement", "customCode", "custom-code", "Custom Code", obj({ source: code }, ["source"])),
  m(
    "dataElement",
    "constant",
    "constant",
    "Constant",
    // The usual home of a value that differs by environment (a report suite, an account).
    obj({ value: str({ stages: true }) }, ["value"]),
  ),
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
    obj(
      {
        objects: label(
          list(str({ description: "a %data element% token" })),
          "Objects to merge",
          "Later objects win where they set the same key",
        ),
      },
      ["objects"],
    ),
  ),
  m(
    "dataElement",
    "conditionalValue",
    "conditional-value",
    "Conditional Value",
    obj(
      {
        ...comparison,
        conditionalValue: label(
          {},
          "Value when the comparison passes",
          undefined,
          "Conditional value",
        ),
        fallbackValue: label({}, "Value otherwise", undefined, "Fallback value"),
      },
      ["leftOperand", "comparison"],
    ),
  ),
  m(
    "dataElement",
    "javascriptTools",
    "javascript-tools",
    "JavaScript Tools",
    obj(
      {
        sourceValue: label({}, "Value to work on", "a %data element% token", "Source value"),
        operator: label(
          oneOf(Object.keys(JS_TOOLS), { enumTitles: Object.values(JS_TOOLS) }),
          "Operation",
          undefined,
          "Operator",
        ),
        searchValue: jsTool(
          label(str(), "Text to find", undefined, "Search value"),
          "simpleReplace",
          "indexOf",
          "lastIndexOf",
        ),
        regexInput: jsTool(
          label(str({ format: "regex" }), "Regular expression", undefined, "Regex input"),
          "regexReplace",
          "regexMatch",
        ),
        replacementValue: jsTool(
          label(str(), "Replace with", undefined, "Replacement value"),
          "simpleReplace",
          "regexReplace",
        ),
        replaceAll: jsTool(
          label(bool(false), "Replace every match", undefined, "Replace all"),
          "simpleReplace",
          "regexReplace",
        ),
        caseInsensitive: jsTool(
          label(bool(false), "Ignore case", undefined, "Case insensitive"),
          "regexReplace",
          "regexMatch",
        ),
        start: jsTool(
          label(num(), "From position", "0 is the first character"),
          "substring",
          "slice",
        ),
        end: jsTool(
          label(num(), "Up to position", "Not included; the end when empty"),
          "substring",
          "slice",
        ),
        delimiter: jsTool(label(str(), "Separator", undefined, "Delimiter"), "join", "split"),
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
