import { describe, expect, it } from "vitest";
import validateConfig from "./validateConfig.ts";

const base = { datastreamId: "ds-1", orgId: "ORG@AdobeOrg" };
const problems = (options: unknown) => {
  try {
    validateConfig(options, () => undefined);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a validation error");
};

describe("validateConfig", () => {
  it("applies alloy's defaults", () => {
    const config = validateConfig(base, () => undefined);
    expect(config).toMatchObject({
      edgeDomain: "edge.adobedc.net",
      edgeBasePath: "ee",
      debugEnabled: false,
      defaultConsent: "in",
      thirdPartyCookiesEnabled: true,
      idMigrationEnabled: true,
      context: ["web", "device", "environment", "placeContext"],
    });
    expect(typeof config.onBeforeEventSend).toBe("function");
  });

  it("reports every problem at once, in alloy's wording", () => {
    expect(
      problems({
        orgId: 5,
        debugEnabled: "yes",
        edgeDomain: "localhost:8443",
        foo: 1,
        bar: 2,
        defaultConsent: "maybe",
      }),
    ).toBe(
      [
        "Resolve these configuration problems:",
        "\t - Error: 'datastreamId' is a required option",
        "\t - 'orgId': Expected a string, but got 5.",
        "\t - 'edgeDomain': Expected a valid domain, but got \"localhost:8443\".",
        "\t - 'debugEnabled': Expected true or false, but got \"yes\".",
        '\t - \'defaultConsent\': Expected one of these values: ["in","out","pending"], but got "maybe".',
        "\t - 'foo': Unknown field.",
        "\t - 'bar': Unknown field.",
        "For configuration documentation see: https://adobe.ly/3sHh553",
      ].join("\n"),
    );
  });

  it("requires datastreamId and orgId", () => {
    const message = problems({});
    expect(message).toContain("'orgId' is a required option");
    expect(message).toContain("'datastreamId' is a required option");
  });

  it("starts an unknown-field-only list without alloy's Error: prefix", () => {
    expect(problems({ ...base, foo: 1 })).toBe(
      "Resolve these configuration problems:\n\t - 'foo': Unknown field.\nFor configuration documentation see: https://adobe.ly/3sHh553",
    );
  });

  it("rejects a non-object", () => {
    expect(problems("hello")).toContain("'undefined': Expected an object, but got \"hello\".");
  });

  it("accepts the deprecated edgeConfigId with a warning, and rejects a conflicting pair", () => {
    const warnings: string[] = [];
    const config = validateConfig({ edgeConfigId: "old", orgId: "O@AdobeOrg" }, (m) =>
      warnings.push(m),
    );
    expect(config.datastreamId).toBe("old");
    expect(config).not.toHaveProperty("edgeConfigId");
    expect(warnings).toEqual([
      "The field 'edgeConfigId' is deprecated. Use 'datastreamId' instead.",
    ]);
    expect(problems({ ...base, edgeConfigId: "other" })).toContain(
      "The field 'edgeConfigId' is deprecated. Use 'datastreamId' instead.",
    );
  });

  it("types nested objects and integers", () => {
    const message = problems({
      ...base,
      streamingMedia: { channel: "c", mainPingInterval: 5, extra: 1 },
      autoCollectPropositionInteractions: { AJO: "sometimes" },
      context: "web",
    });
    expect(message).toContain("'streamingMedia.playerName' is a required option");
    expect(message).toContain(
      "'streamingMedia.mainPingInterval': Expected an integer between 10 and 50, but got 5.",
    );
    expect(message).toContain("'streamingMedia.extra': Unknown field.");
    expect(message).toContain(
      `'autoCollectPropositionInteractions.AJO': Expected one of these values: ["always","never","decoratedElementsOnly"], but got "sometimes".`,
    );
    expect(message).toContain(`'context': Expected an array, but got "web".`);
  });

  it("warns about unknown context names without failing", () => {
    const warnings: string[] = [];
    validateConfig({ ...base, context: ["web", "weather"] }, (m) => warnings.push(m));
    expect(warnings).toEqual(["Invalid context[1]: 'weather' is not available."]);
  });

  it("lets edgeOrigin reach an http edge on a port while edgeDomain stays strict", () => {
    const config = validateConfig(
      { ...base, edgeOrigin: "http://127.0.0.1:8080" },
      () => undefined,
    );
    expect(config.edgeOrigin).toBe("http://127.0.0.1:8080");
    expect(problems({ ...base, edgeOrigin: "ftp://x", edgeDomain: "127.0.0.1:8080" })).toBe(
      [
        "Resolve these configuration problems:",
        "\t - Error: 'edgeDomain': Expected a valid domain, but got \"127.0.0.1:8080\".",
        "\t - 'edgeOrigin': Expected an origin like http://127.0.0.1:8080, but got \"ftp://x\".",
        "For configuration documentation see: https://adobe.ly/3sHh553",
      ].join("\n"),
    );
    expect(problems({ ...base, edgeOrigin: "http://host/path" })).toContain("'edgeOrigin'");
  });
});
