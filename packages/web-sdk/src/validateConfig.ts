import validate, {
  arrayOf,
  boolean,
  callback,
  domain,
  enumOf,
  integer,
  isNil,
  isObject,
  nonEmptyString,
  objectOf,
  required,
  string,
  typed,
  withDefault,
  type Dict,
  type Validator,
} from "./validate.ts";

/** The configuration an instance runs with, defaults applied (edge-protocol.md §2.1). */
export interface Config {
  datastreamId: string;
  orgId: string;
  edgeDomain: string;
  edgeBasePath: string;
  /** Liftoff extension: `http(s)://host[:port]` that replaces `https://<edgeDomain>`. */
  edgeOrigin?: string;
  debugEnabled: boolean;
  onBeforeEventSend: (content: { xdm: Dict; data: Dict }) => unknown;
  edgeConfigOverrides?: Dict;
  thirdPartyCookiesEnabled: boolean;
  idMigrationEnabled: boolean;
  defaultConsent: "in" | "out" | "pending";
  context: string[];
  [key: string]: unknown;
}

const CONFIG_DOC = "https://adobe.ly/3sHh553";
const CONTEXTS = ["web", "device", "environment", "placeContext", "highEntropyUserAgentHints"];
const noop = () => undefined;

// Our one extension field: local development edges speak plain http on a port, which the
// alloy-compatible `edgeDomain` rule (letters, digits, dots, hyphens) must keep refusing.
const origin = typed(
  (v) => typeof v === "string" && /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(v),
  "an origin like http://127.0.0.1:8080",
);
const ranged =
  (min: number, max: number): Validator =>
  (value, path, problems) => {
    const n = integer(value, path, problems);
    if (typeof n === "number" && (n < min || n > max))
      problems.push(`'${path}': Expected an integer between ${min} and ${max}, but got ${n}.`);
    return n;
  };
const interactions = enumOf("always", "never", "decoratedElementsOnly");

const schema: Record<string, Validator> = {
  datastreamId: required(string),
  edgeConfigId: string,
  orgId: required(string),
  edgeDomain: withDefault(domain, "edge.adobedc.net"),
  edgeBasePath: withDefault(nonEmptyString, "ee"),
  edgeOrigin: origin,
  debugEnabled: withDefault(boolean, false),
  onBeforeEventSend: withDefault(callback, noop),
  edgeConfigOverrides: objectOf({}),
  thirdPartyCookiesEnabled: withDefault(boolean, true),
  idMigrationEnabled: withDefault(boolean, true),
  defaultConsent: withDefault(enumOf("in", "out", "pending"), "in"),
  // Click collection's fields; its module checks them in detail (createClickCollector.ts's
  // `schema`), and a library that does not carry it does not use them.
  clickCollectionEnabled: withDefault(boolean, true),
  clickCollection: objectOf({}),
  downloadLinkQualifier: string,
  onBeforeLinkClickSend: callback,
  context: withDefault(arrayOf(string), CONTEXTS.slice(0, 4)),
  prehidingStyle: nonEmptyString,
  targetMigrationEnabled: withDefault(boolean, false),
  autoCollectPropositionInteractions: objectOf({ AJO: interactions, TGT: interactions }, true),
  personalizationStorageEnabled: withDefault(boolean, false),
  streamingMedia: objectOf(
    {
      channel: required(string),
      playerName: required(string),
      appVersion: string,
      mainPingInterval: ranged(10, 50),
      adPingInterval: ranged(1, 10),
    },
    true,
  ),
};

/**
 * Validates `configure` options with alloy's message formats, reporting every problem at
 * once (alloy stops at the first failing link of its chain; edge-protocol.md §2.2), and
 * returns the config with defaults. `warn` receives deprecation notices; `fields` replaces
 * the checks of some fields (those of the optional click collection).
 */
export default function validateConfig(
  options: unknown,
  warn: (m: string) => void,
  fields?: Record<string, Validator>,
): Config {
  const problems: string[] = [];
  let config: Dict = {};
  if (!isObject(options)) {
    problems.push(`'undefined': Expected an object, but got ${JSON.stringify(options)}.`);
  } else {
    const { datastreamId, edgeConfigId } = options;
    if (!isNil(edgeConfigId)) {
      const message = "The field 'edgeConfigId' is deprecated. Use 'datastreamId' instead.";
      if (!isNil(datastreamId) && datastreamId !== edgeConfigId) problems.push(message);
      else warn(message);
    }
    // The deprecated name stands in for the new one (alloy's `renamed` validator).
    const result = validate(objectOf({ ...schema, ...fields }, true), {
      ...options,
      datastreamId: datastreamId ?? edgeConfigId,
    });
    problems.push(...result.problems);
    config = result.value as Dict;
    delete config.edgeConfigId;
    (config.context as unknown[] | undefined)?.forEach((name, i) => {
      if (!CONTEXTS.includes(name as string))
        warn(`Invalid context[${i}]: '${String(name)}' is not available.`);
    });
    if (options.onBeforeLinkClickSend)
      warn(
        `The field "onBeforeLinkClickSend" has been deprecated. Use "clickCollection.filterClickDetails" instead.`,
      );
  }
  // alloy joins Error objects for its core fields, so that list starts with "Error: "; the
  // lists of its components' fields (consent, identity, clicks…) and of unknown fields do
  // not (edge-protocol.md §2.2). Same text, all problems.
  if (
    /^('(undefined|datastreamId|orgId|edge|debugEnabled|onBeforeEventSend)|The)/.test(problems[0]!)
  )
    problems[0] = `Error: ${problems[0]}`;
  if (problems.length)
    throw new Error(
      `Resolve these configuration problems:\n\t - ${problems.join("\n\t - ")}\nFor configuration documentation see: ${CONFIG_DOC}`,
    );
  return config as Config;
}
