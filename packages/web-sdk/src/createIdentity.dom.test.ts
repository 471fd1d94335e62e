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

const messages: string[] = [];
const logger = { info: (message: string) => void messages.push(message) };

/** A `window.Visitor` whose instance answers getMarketingCloudVisitorID when `answer` is called. */
function fakeVisitor(ecid: string) {
  const asked: Array<[string, unknown]> = [];
  let callback: ((id: string) => void) | undefined;
  const Visitor = Object.assign(() => undefined, {
    getInstance: (orgId: string, config: unknown) => {
      asked.push([orgId, config]);
      return {
        getMarketingCloudVisitorID: (cb: (id: string) => void, force: boolean) => {
          expect(force).toBe(true);
          callback = cb;
        },
      };
    },
  });
  return { Visitor, asked, answer: () => callback?.(ecid) };
}

describe("createIdentity", () => {
  const w = window as unknown as { Visitor?: unknown; adobe?: unknown };
  const clearAmcv = () => {
    document.cookie = `AMCV_${encodeURIComponent(ORG)}=; path=/; max-age=0`;
  };
  const migrating = () =>
    createIdentity({
      orgId: ORG,
      identityCookie: "kndctr_ORG_AdobeOrg_identity",
      idMigrationEnabled: true,
      apexDomain: "",
      logger,
    });

  it("waits for Visitor's ECID when the page has Visitor and no AMCV cookie, as alloy does", async () => {
    clearAmcv();
    messages.length = 0;
    const visitor = fakeVisitor(ECID);
    w.Visitor = visitor.Visitor;
    try {
      const payload: Record<string, any> = { xdm: { identityMap: { EMAIL: [{ id: "a@b.c" }] } } };
      const added = migrating().addKnownIdentity(payload);
      // Nothing is added until Visitor answers.
      await Promise.resolve();
      expect(payload.xdm.identityMap.ECID).toBeUndefined();
      expect(visitor.asked).toEqual([[ORG, {}]]);
      visitor.answer();
      await added;
      expect(payload.xdm.identityMap).toEqual({ EMAIL: [{ id: "a@b.c" }], ECID: [{ id: ECID }] });
      expect(messages).toEqual([
        "Delaying request while using Visitor to retrieve ECID from server.",
        "Resuming previously delayed request that was waiting for ECID from Visitor.",
      ]);
    } finally {
      delete w.Visitor;
    }
  });

  it("asks Visitor only after adobe.optIn approves ecid, and goes without it when declined", async () => {
    clearAmcv();
    const visitor = fakeVisitor(ECID);
    w.Visitor = visitor.Visitor;
    let approved = false;
    let permissions: (() => void) | undefined;
    w.adobe = {
      optIn: {
        Categories: { ECID: "ecid" },
        fetchPermissions: (cb: () => void, force: boolean) => {
          expect(force).toBe(true);
          permissions = cb;
        },
        isApproved: (categories: string[]) => approved && categories[0] === "ecid",
      },
    };
    try {
      messages.length = 0;
      const declined: Record<string, any> = {};
      const first = migrating().addKnownIdentity(declined);
      permissions!();
      await first;
      expect(declined).toEqual({});
      expect(visitor.asked).toEqual([]);
      expect(messages).toEqual([
        "Delaying request while waiting for legacy opt-in to let Visitor retrieve ECID from server.",
        "Legacy opt-in was declined., retrieving ECID from experience edge",
      ]);

      approved = true;
      const payload: Record<string, any> = {};
      const second = migrating().addKnownIdentity(payload);
      permissions!();
      await Promise.resolve();
      expect(visitor.asked).toEqual([[ORG, {}]]);
      visitor.answer();
      await second;
      expect(payload.xdm.identityMap).toEqual({ ECID: [{ id: ECID }] });
    } finally {
      delete w.Visitor;
      delete w.adobe;
    }
  });

  it("migrates the ECID of an AMCV cookie into the first request, without asking Visitor", async () => {
    const visitor = fakeVisitor("99999999999999999999999999999999999999");
    w.Visitor = visitor.Visitor;
    try {
      document.cookie = `AMCV_${encodeURIComponent(ORG)}=${encodeURIComponent(`179643557|MCIDTS|20779|MCMID|${ECID}|vVersion|5.5.0`)}; path=/`;
      const payload: Record<string, any> = {};
      await migrating().addKnownIdentity(payload);
      expect(payload.xdm.identityMap).toEqual({ ECID: [{ id: ECID }] });
      const off = createIdentity({
        orgId: ORG,
        identityCookie: "x",
        idMigrationEnabled: false,
        apexDomain: "",
        logger,
      });
      const untouched: Record<string, any> = {};
      await off.addKnownIdentity(untouched);
      expect(untouched).toEqual({});
      expect(visitor.asked).toEqual([]);
    } finally {
      delete w.Visitor;
      clearAmcv();
    }
  });

  it("takes the ECID from identity:result and the region from x-adobe-edge", () => {
    const identity = createIdentity({
      orgId: ORG,
      identityCookie: "none",
      idMigrationEnabled: true,
      apexDomain: "",
      logger,
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
