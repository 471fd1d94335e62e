// @vitest-environment-options {"url": "https://www.example.test/page.html"}
import { describe, expect, it } from "vitest";
import createIdentity, { ecidFromAdobeMc } from "./createIdentity.ts";

const ORG = "ORG@AdobeOrg";
const ECID = "12345678901234567890123456789012345678";

describe("ecidFromAdobeMc", () => {
  const param = (ts: number, org = ORG) =>
    `?adobe_mc=${encodeURIComponent(`TS=${ts}|MCMID=${ECID}|MCORGID=${encodeURIComponent(org)}`)}`;
  it("honours a value for this org younger than 5 minutes", () => {
    expect(ecidFromAdobeMc(param(1000), ORG, 1000 + 300)).toBe(ECID);
    expect(ecidFromAdobeMc(param(1000), ORG, 1000 + 301)).toBeUndefined();
    expect(ecidFromAdobeMc(param(1000, "OTHER@AdobeOrg"), ORG, 1000)).toBeUndefined();
    expect(ecidFromAdobeMc("?q=1", ORG, 1000)).toBeUndefined();
  });
});

describe("createIdentity", () => {
  it("migrates the ECID of an AMCV cookie into the first request", () => {
    document.cookie = `AMCV_${encodeURIComponent(ORG)}=${encodeURIComponent(`179643557|MCIDTS|20779|MCMID|${ECID}|vVersion|5.5.0`)}; path=/`;
    const identity = createIdentity({
      orgId: ORG,
      identityCookie: "kndctr_ORG_AdobeOrg_identity",
      idMigrationEnabled: true,
      apexDomain: "",
    });
    const payload: Record<string, any> = {};
    identity.addKnownIdentity(payload);
    expect(payload.xdm.identityMap).toEqual({ ECID: [{ id: ECID }] });
    const off = createIdentity({
      orgId: ORG,
      identityCookie: "x",
      idMigrationEnabled: false,
      apexDomain: "",
    });
    const untouched: Record<string, any> = {};
    off.addKnownIdentity(untouched);
    expect(untouched).toEqual({});
  });

  it("takes the ECID from identity:result and the region from x-adobe-edge", () => {
    const identity = createIdentity({
      orgId: ORG,
      identityCookie: "none",
      idMigrationEnabled: true,
      apexDomain: "",
    });
    expect(identity.ecid()).toBeUndefined();
    identity.onResponse({
      status: 200,
      body: {
        handle: [
          {
            type: "identity:result",
            payload: [
              { id: "1", namespace: { code: "CORE" } },
              { id: ECID, namespace: { code: "ECID" } },
            ],
          },
        ],
      },
      header: (n) => (n === "x-adobe-edge" ? "OR2;9" : null),
    });
    expect(identity.ecid()).toBe(ECID);
    expect(identity.regionId()).toBe(9);
  });
});
