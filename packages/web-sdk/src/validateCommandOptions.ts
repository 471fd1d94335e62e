import validate, {
  arrayOf,
  boolean,
  enumOf,
  mapOf,
  nonEmptyString,
  objectOf,
  required,
  string,
  typed,
  type Validator,
} from "./validate.ts";

/** `identityMap` entries (edge-protocol.md §3.2, spec §5). */
export const identityMap: Validator = mapOf(
  required(
    arrayOf(
      objectOf(
        {
          authenticatedState: enumOf("ambiguous", "authenticated", "loggedOut"),
          id: string,
          namespace: objectOf({ code: string }, true),
          primary: boolean,
          xid: string,
        },
        true,
      ),
    ),
  ),
);

const overrides = objectOf({});
const strings = arrayOf(string);

/** Per-command option validators, as alloy 2.26.0 declares them. */
export const commandValidators: Record<string, Validator> = {
  setDebug: objectOf({ enabled: required(boolean) }, true),
  sendEvent: objectOf(
    {
      type: string,
      xdm: objectOf({ eventType: string, identityMap }),
      data: objectOf({}),
      documentUnloading: boolean,
      renderDecisions: boolean,
      decisionScopes: strings,
      personalization: objectOf({ decisionScopes: strings, surfaces: strings }),
      datasetId: string,
      mergeId: string,
      edgeConfigOverrides: overrides,
      initializePersonalization: boolean,
    },
    true,
  ),
  applyResponse: objectOf(
    {
      renderDecisions: boolean,
      responseHeaders: objectOf({}),
      responseBody: required(objectOf({ handle: required(arrayOf(objectOf({}))) })),
      personalization: objectOf({}),
    },
    true,
  ),
  setConsent: objectOf(
    {
      consent: required(
        arrayOf(
          typed(() => true, ""),
          true,
        ),
      ),
      identityMap,
      edgeConfigOverrides: overrides,
    },
    true,
  ),
  getIdentity: objectOf(
    { namespaces: arrayOf(enumOf("ECID", "CORE"), true), edgeConfigOverrides: overrides },
    true,
  ),
  appendIdentityToUrl: objectOf(
    { url: required(nonEmptyString), edgeConfigOverrides: overrides },
    true,
  ),
};

/**
 * Validates a command's options; throws alloy's
 * `Invalid <command> command options:\n\t - Error: <problems> For command documentation see: <uri>`.
 */
export default function validateCommandOptions(command: string, options: unknown): unknown {
  const validator = commandValidators[command];
  if (!validator) return options;
  const { value, problems } = validate(validator, options);
  if (problems.length)
    throw new Error(
      `Invalid ${command} command options:\n\t - Error: ${problems.join("\n")} For command documentation see: https://adobe.ly/${command === "sendEvent" ? "3GQ3Q7t" : "3sHgQHb"}`,
    );
  return value;
}
