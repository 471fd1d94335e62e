import { describe, expect, it } from "vitest";
import normalizeConfig from "./normalizeConfig.ts";

describe("normalizeConfig", () => {
  it("fills the 5.5.0 defaults and the spec's third-party-cookie default", () => {
    const warnings: string[] = [];
    const config = normalizeConfig(undefined, (m) => warnings.push(m));
    expect(config).toMatchObject({
      marketingCloudServer: "dpm.demdex.net",
      loadSSL: true,
      loadTimeout: 30000,
      idSyncContainerID: 0,
      sdidParamExpiry: 30,
      optInStorageExpiry: 33696000,
      disableThirdPartyCookies: true,
    });
    expect(warnings).toEqual([]);
  });

  it("drops keys that 5.5.0 does not know", () => {
    const config = normalizeConfig({ loadTimeout: 500, bogus: 1, __proto__x: 2 }, () => {});
    expect(config.loadTimeout).toBe(500);
    expect(config).not.toHaveProperty("bogus");
    expect(config).not.toHaveProperty("__proto__x");
  });

  it("takes numbers, and strings or numbers for cookieLifetime", () => {
    const warnings: string[] = [];
    const config = normalizeConfig(
      { loadTimeout: 1500, cookieLifetime: 3600, loadSSL: "false" },
      (m) => warnings.push(m),
    );
    expect(config.loadTimeout).toBe(1500);
    expect(config.cookieLifetime).toBe(3600);
    // Text values are the Launch extension's to convert (extension/toVisitorConfig.ts).
    expect(config.loadSSL).toBe(true);
    expect(warnings).toEqual(['Ignoring config "loadSSL": expected type boolean, got "false".']);
  });

  it("names the key and keeps the default when a value has the wrong type", () => {
    const warnings: string[] = [];
    const config = normalizeConfig(
      { loadTimeout: "soon", secureCookie: "yes", preOptInApprovals: "aam", idSyncContainerID: -1 },
      (m) => warnings.push(m),
    );
    expect(config.loadTimeout).toBe(30000);
    expect(config.secureCookie).toBeUndefined();
    expect(warnings).toEqual([
      'Ignoring config "loadTimeout": expected type number, got "soon".',
      'Ignoring config "idSyncContainerID": expected type number, got -1.',
      'Ignoring config "secureCookie": expected type boolean, got "yes".',
      'Ignoring config "preOptInApprovals": expected type object, got "aam".',
    ]);
  });

  it("keeps real booleans as they are", () => {
    const config = normalizeConfig({ doesOptInApply: true, loadSSL: false }, () => {});
    expect(config.doesOptInApply).toBe(true);
    expect(config.loadSSL).toBe(false);
  });

  it("keeps functions where 5.5.0 takes them", () => {
    const apply = () => true;
    expect(normalizeConfig({ doesOptInApply: apply }, () => {}).doesOptInApply).toBe(apply);
  });
});
