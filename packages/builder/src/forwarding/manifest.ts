/**
 * The edge catalogue: the extensions an event forwarding property (platform `edge`) installs,
 * with their module paths and settings schemas (docs/event-forwarding.md, "Modules"). The
 * server's rule engine (apps/server/src/features/forwarding/engine/) implements each module;
 * the builder validates edge properties against these schemas and the studio generates its
 * forms from them. Settings hold `{{data element}}` tokens in any text; a text that is one
 * token keeps its value's type (an object stays an object).
 */
import {
  bool,
  inGroup,
  label,
  type ConsentPurpose,
  type ExtensionManifest,
  type ModuleKind,
  type ModuleManifest,
  type SettingsSchema,
} from "@liftoff/schema";

const str = (extra: SettingsSchema = {}): SettingsSchema => ({ type: "string", ...extra });
const obj = (
  properties: Record<string, SettingsSchema>,
  required: string[] = [],
): SettingsSchema =>
  required.length ? { type: "object", properties, required } : { type: "object", properties };
const list = (items: SettingsSchema): SettingsSchema => ({ type: "array", items });
const oneOf = (values: string[], titles: string[], extra: SettingsSchema = {}): SettingsSchema => ({
  type: "string",
  enum: values,
  enumTitles: titles,
  ...extra,
});
const advanced = (schema: SettingsSchema) => inGroup("Advanced", schema);
/** Any JSON value: an object, text holding tokens, one token, a number. */
const anyValue: SettingsSchema = {};

const PURPOSE_TITLES: Record<ConsentPurpose, string> = {
  none: "None: send whatever the visitor's consent",
  collect: "Collection: needs consent to collect",
  share: "Sharing: also needs consent to share with third parties",
  personalize: "Personalization: needs consent to personalize",
};

/** The consent an action needs (docs/event-forwarding.md, "Consent"), with its default. */
const purpose = (fallback: ConsentPurpose): SettingsSchema =>
  inGroup(
    "Consent",
    label(
      oneOf(Object.keys(PURPOSE_TITLES), Object.values(PURPOSE_TITLES), { default: fallback }),
      "Consent purpose",
      "An event whose consent does not allow this purpose is not sent",
    ),
  );

/** `[{name, value}]` pairs: query parameters, headers. */
const pairs = (title: string, hint: string) =>
  label(
    list(obj({ name: label(str(), "Name"), value: label(str(), "Value") }, ["name"])),
    title,
    hint,
  );

/** A request's base URL, per environment when it differs. */
const endpoint = (fallback: string) =>
  advanced(
    label(
      str({ format: "url", default: fallback, stages: true }),
      "Endpoint",
      `Change only to send to a test receiver; default ${fallback}`,
    ),
  );

const hashedEmail = label(
  str(),
  "Hashed e-mail",
  "A {{data element}} of type SHA-256 (normalize: e-mail); a plain address is refused",
);

const secretField = (title: string, launch?: string) =>
  label(str(), title, "A {{data element}} of type Secret, so the value never shows", launch);

const m = (
  extension: string,
  kind: ModuleKind,
  file: string,
  name: string,
  displayName: string,
  settings: SettingsSchema,
): ModuleManifest => {
  const folder = kind === "dataElement" ? "dataElements" : `${kind}s`;
  return { path: `${extension}/src/lib/${folder}/${file}.js`, kind, name, displayName, settings };
};

/** Web Core's operator names (packages/core/src/manifest.ts), with their words. */
const OPERATORS: Record<string, string> = {
  equals: "Equals",
  doesNotEqual: "Does not equal",
  contains: "Contains",
  doesNotContain: "Does not contain",
  startsWith: "Starts with",
  doesNotStartWith: "Does not start with",
  endsWith: "Ends with",
  doesNotEndWith: "Does not end with",
  matchesRegex: "Matches the regular expression",
  doesNotMatchRegex: "Does not match the regular expression",
  lessThan: "Is less than",
  lessThanOrEqual: "Is less than or equal to",
  greaterThan: "Is greater than",
  greaterThanOrEqual: "Is greater than or equal to",
  isTrue: "Is true",
  isTruthy: "Is truthy (not empty, zero or false)",
  isFalse: "Is false",
  isFalsy: "Is falsy (empty, zero or false)",
};

export const EVENT_RECEIVED = "core/src/lib/events/eventReceived.js";
/** The conditions a logic condition may hold (itself included, nesting at most 3 deep). */
export const EDGE_CONDITIONS: Record<string, string> = {
  "core/src/lib/conditions/valueComparison.js": "Value Comparison",
  "core/src/lib/conditions/path.js": "Path",
  "core/src/lib/conditions/regex.js": "Regular Expression",
  "core/src/lib/conditions/logic.js": "Logic (all or any of)",
};
export const LOGIC_CONDITION = "core/src/lib/conditions/logic.js";
export const MAPPING_TABLE = "core/src/lib/dataElements/mappingTable.js";
export const PATH_DATA_ELEMENT = "core/src/lib/dataElements/path.js";

const isRegex = label(
  bool(false),
  "Value is a regular expression",
  "Matched case-insensitively anywhere in the path unless anchored with ^ and $",
  "Regex",
);

const coreModules: ModuleManifest[] = [
  m(
    "core",
    "event",
    "eventReceived",
    "event-received",
    "Event Received",
    obj({
      eventTypes: label(
        list(str({ widget: "xdmEventType" })),
        "Only these event types",
        "The rule runs for each event whose xdm.eventType is one of these; none listed: every event",
      ),
    }),
  ),
  m(
    "core",
    "condition",
    "valueComparison",
    "value-comparison",
    "Value Comparison",
    obj(
      {
        leftOperand: label(
          anyValue,
          "Value to check",
          "usually a {{data element}} token",
          "Left operand",
        ),
        comparison: label(
          obj(
            {
              operator: label(
                oneOf(Object.keys(OPERATORS), Object.values(OPERATORS)),
                "How to compare",
              ),
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
          anyValue,
          "Compared with",
          "text, a number or a {{data element}} token",
          "Right operand",
        ),
      },
      ["leftOperand", "comparison"],
    ),
  ),
  m(
    "core",
    "condition",
    "path",
    "path",
    "Path",
    obj(
      {
        paths: label(
          list(obj({ value: label(str(), "Path"), valueIsRegex: isRegex }, ["value"])),
          "Page paths",
          "Matched against the path of the event's xdm.web.webPageDetails.URL; any one matching is enough",
        ),
      },
      ["paths"],
    ),
  ),
  m(
    "core",
    "condition",
    "regex",
    "regex",
    "Regular Expression",
    obj(
      {
        value: label(str(), "Text to test", "usually a {{data element}} token"),
        pattern: label(str({ format: "regex" }), "Regular expression", "e.g. ^/checkout/"),
        caseInsensitive: label(bool(false), "Ignore upper and lower case"),
      },
      ["value", "pattern"],
    ),
  ),
  m(
    "core",
    "condition",
    "logic",
    "logic",
    "Logic (all or any of)",
    obj(
      {
        operator: label(
          oneOf(["all", "any"], ["All of them are true", "Any of them is true"], {
            default: "all",
          }),
          "Combine",
        ),
        conditions: label(
          list(
            obj(
              {
                modulePath: label(
                  oneOf(Object.keys(EDGE_CONDITIONS), Object.values(EDGE_CONDITIONS)),
                  "Condition type",
                ),
                settings: label(
                  { format: "json" },
                  "Settings",
                  'The chosen condition\'s settings as JSON, e.g. {"value": "{{page url}}", "pattern": "^/checkout"}',
                ),
                negate: label(bool(false), "Negate (true when the condition is false)"),
              },
              ["modulePath"],
            ),
          ),
          "Conditions",
          "Logic conditions nest at most 3 deep",
        ),
      },
      ["operator", "conditions"],
    ),
  ),
  m(
    "core",
    "dataElement",
    "path",
    "path",
    "Path",
    obj(
      {
        path: label(
          str(),
          "Path in the event",
          "Starts at arc: arc.event.xdm.web.webPageDetails.URL, arc.event.data.items[0].sku, arc.request.ip",
        ),
      },
      ["path"],
    ),
  ),
  m(
    "core",
    "dataElement",
    "constant",
    "constant",
    "Constant",
    obj({ value: label(anyValue, "Value") }),
  ),
  m(
    "core",
    "dataElement",
    "mappingTable",
    "mapping-table",
    "Mapping Table",
    obj(
      {
        input: label(str(), "Input", "usually a {{data element}} token"),
        rows: label(
          list(
            obj(
              {
                input: label(str(), "When the input is"),
                output: label(anyValue, "The value is"),
                regex: label(bool(false), "Input is a regular expression"),
              },
              ["input"],
            ),
          ),
          "Rows",
          "The first row whose input matches gives the value",
        ),
        default: label(anyValue, "Otherwise", "The value when no row matches"),
      },
      ["input", "rows"],
    ),
  ),
  m(
    "core",
    "dataElement",
    "join",
    "join",
    "Join",
    obj(
      {
        values: label(list(str()), "Values", "Empty and missing values are left out"),
        separator: label(str({ default: "" }), "Separator"),
      },
      ["values"],
    ),
  ),
  m(
    "core",
    "dataElement",
    "sha256",
    "sha256",
    "SHA-256 Hash",
    obj(
      {
        value: label(
          str(),
          "Value to hash",
          "usually a {{data element}} token; nothing in, nothing out",
        ),
        normalize: label(
          oneOf(
            ["none", "email", "phone"],
            ["As it is", "E-mail address (trimmed, lower case)", "Phone number (digits only)"],
            { default: "none" },
          ),
          "Normalize first",
          "Meta and LinkedIn match hashed e-mail addresses written in lower case without spaces",
        ),
      },
      ["value"],
    ),
  ),
  m(
    "core",
    "dataElement",
    "secret",
    "secret",
    "Secret",
    obj(
      {
        name: label(
          str(),
          "Secret name",
          "Set per environment under Event forwarding › Secrets; the value is read only when sending",
        ),
      },
      ["name"],
    ),
  ),
];

const core: ExtensionManifest = {
  name: "core",
  displayName: "Core (event forwarding)",
  version: "1.0.0",
  platform: "edge",
  description:
    "The event received, conditions over the event and data elements every forwarding property starts with.",
  settings: obj({}),
  modules: coreModules,
};

const httpConnector: ExtensionManifest = {
  name: "http-connector",
  displayName: "HTTP Connector",
  version: "1.0.0",
  platform: "edge",
  description: "Sends an HTTP request you describe (Launch: Adobe Cloud Connector).",
  settings: obj({}),
  modules: [
    m(
      "http-connector",
      "action",
      "sendHttpRequest",
      "send-http-request",
      "Send HTTP Request",
      obj(
        {
          method: label(
            oneOf(
              ["GET", "POST", "PUT", "PATCH", "DELETE"],
              ["GET", "POST", "PUT", "PATCH", "DELETE"],
              {
                default: "POST",
              },
            ),
            "Method",
          ),
          url: label(
            str({ format: "url", stages: true }),
            "URL",
            "https://…; its host must be allowed under Event forwarding › Hosts",
          ),
          query: pairs("Query parameters", "Added to the URL, encoded"),
          headers: pairs("Headers", "e.g. Authorization: Bearer {{api token}}"),
          bodyType: label(
            oneOf(
              ["none", "json", "form", "raw"],
              ["No body", "JSON", "Form (application/x-www-form-urlencoded)", "Raw text"],
              { default: "json" },
            ),
            "Body",
          ),
          body: {
            ...label(
              anyValue,
              "Body content",
              "JSON: an object whose texts may hold tokens; form: an object of fields; raw: text",
            ),
            shownWhen: { field: "bodyType", values: ["json", "form", "raw"] },
          },
          purpose: purpose("collect"),
        },
        ["method", "url"],
      ),
    ),
  ],
};

const metaCapi: ExtensionManifest = {
  name: "meta-capi",
  displayName: "Meta Conversions API",
  version: "1.0.0",
  platform: "edge",
  description: "Sends events to Meta (Facebook) from the server, instead of the pixel on the page.",
  settings: obj({}),
  modules: [
    m(
      "meta-capi",
      "action",
      "sendEvent",
      "send-event",
      "Send Event",
      obj(
        {
          pixelId: label(
            str({ stages: true }),
            "Pixel id",
            "The dataset (pixel) id from Meta's Events Manager",
          ),
          accessToken: secretField("Access token"),
          eventName: label(
            str({ default: "PageView" }),
            "Event name",
            "PageView, Purchase, Lead… or your own",
          ),
          eventSourceUrl: label(str(), "Page URL", "e.g. {{page url}}", "Event source URL"),
          actionSource: label(
            oneOf(
              [
                "website",
                "app",
                "email",
                "phone_call",
                "chat",
                "physical_store",
                "system_generated",
                "other",
              ],
              [
                "Website",
                "App",
                "E-mail",
                "Phone call",
                "Chat",
                "Physical store",
                "System generated",
                "Other",
              ],
              { default: "website" },
            ),
            "Where it happened",
            undefined,
            "Action source",
          ),
          email: hashedEmail,
          externalId: label(str(), "External id", "Your own id of the visitor, e.g. {{ecid}}"),
          clientIpAddress: label(
            str(),
            "Visitor's IP address",
            "e.g. a Path data element arc.request.ip",
          ),
          clientUserAgent: label(
            str(),
            "Visitor's user agent",
            "e.g. a Path data element arc.request.userAgent",
          ),
          customData: label(anyValue, "Custom data", "An object: value, currency, content_ids…"),
          testEventCode: advanced(
            label(str(), "Test event code", "Shows the events in Events Manager › Test events"),
          ),
          endpoint: endpoint("https://graph.facebook.com/v21.0"),
          purpose: purpose("share"),
        },
        ["pixelId", "accessToken", "eventName"],
      ),
    ),
  ],
};

const ga4Mp: ExtensionManifest = {
  name: "ga4-mp",
  displayName: "Google Analytics 4 (Measurement Protocol)",
  version: "1.0.0",
  platform: "edge",
  description: "Sends events to a GA4 property from the server.",
  settings: obj({}),
  modules: [
    m(
      "ga4-mp",
      "action",
      "sendEvent",
      "send-event",
      "Send Event",
      obj(
        {
          measurementId: label(
            str({ stages: true }),
            "Measurement id",
            "G-XXXXXXX, from the web stream's details",
          ),
          apiSecret: secretField("API secret"),
          clientId: label(str(), "Client id", "The visitor's id, e.g. {{ecid}}"),
          eventName: label(str({ default: "page_view" }), "Event name"),
          params: label(anyValue, "Event parameters", "An object: page_location, value, currency…"),
          userId: label(str(), "User id", "Your own id of a signed-in user"),
          endpoint: endpoint("https://www.google-analytics.com"),
          purpose: purpose("collect"),
        },
        ["measurementId", "apiSecret", "clientId", "eventName"],
      ),
    ),
  ],
};

const linkedinCapi: ExtensionManifest = {
  name: "linkedin-capi",
  displayName: "LinkedIn Conversions API",
  version: "1.0.0",
  platform: "edge",
  description:
    "Sends conversions to LinkedIn from the server, instead of the Insight Tag on the page.",
  settings: obj({}),
  modules: [
    m(
      "linkedin-capi",
      "action",
      "sendConversion",
      "send-conversion",
      "Send Conversion",
      obj(
        {
          conversionRuleId: label(
            str({ stages: true }),
            "Conversion rule id",
            "From Campaign Manager › Conversions",
          ),
          accessToken: secretField("Access token"),
          email: hashedEmail,
          value: label({ type: ["number", "string"] }, "Conversion value", "e.g. {{order total}}"),
          currency: label(str({ default: "USD" }), "Currency", "ISO 4217 code"),
          endpoint: endpoint("https://api.linkedin.com"),
          purpose: purpose("share"),
        },
        ["conversionRuleId", "accessToken", "email"],
      ),
    ),
  ],
};

const webhook: ExtensionManifest = {
  name: "webhook",
  displayName: "Webhook",
  version: "1.0.0",
  platform: "edge",
  description: "Posts the event, or a body you write, as JSON to a URL of yours.",
  settings: obj({}),
  modules: [
    m(
      "webhook",
      "action",
      "sendEvent",
      "send-event",
      "Send Event",
      obj(
        {
          url: label(
            str({ format: "url", stages: true }),
            "URL",
            "https://…; its host must be allowed under Event forwarding › Hosts",
          ),
          headers: pairs("Headers", "e.g. Authorization: Bearer {{webhook token}}"),
          payload: label(
            oneOf(
              ["event", "custom"],
              ["The event (xdm, data and request facts)", "A body I write"],
              {
                default: "event",
              },
            ),
            "What to send",
          ),
          body: {
            ...label(anyValue, "Body", "An object whose texts may hold {{data element}} tokens"),
            shownWhen: { field: "payload", values: ["custom"] },
          },
          purpose: purpose("collect"),
        },
        ["url"],
      ),
    ),
  ],
};

/** The extensions of event forwarding properties, in the order the studio lists them. */
export const forwardingCatalog: ExtensionManifest[] = [
  core,
  httpConnector,
  metaCapi,
  ga4Mp,
  linkedinCapi,
  webhook,
];
