import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import startIdentityServer, { type IdentityServer } from "../test/startIdentityServer.ts";
import createVisitorNamespace, {
  MISSING_ORG_ID,
  USE_GET_INSTANCE,
  type AdobeNamespace,
} from "./createVisitorNamespace.ts";
import type { VisitorInstance } from "./createVisitor.ts";
import { INVALID_CATEGORY } from "./optInCategories.ts";
import requestJson from "./requestJson.ts";

// The Visitor against a real local HTTP server (test/startIdentityServer.ts) in jsdom, whose
// document.cookie is a real cookie jar. Browser-only behaviour (CORS, iframes, SubtleCrypto
// absence) is proven in Chromium by visitor.e2e.ts.
const ORG = "ABC123@AdobeOrg";
const AMCV = "AMCV_ABC123%40AdobeOrg";
const win = window as unknown as Window & { adobe?: AdobeNamespace };
const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const today = () => Math.floor(Date.now() / 86400000);

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentityServer();
});
afterAll(() => server.close());

beforeEach(() => {
  for (const pair of document.cookie.split("; ").filter(Boolean))
    document.cookie = `${pair.split("=")[0]}=; path=/; max-age=0`;
  delete win.adobe;
  server.requests.length = 0;
  Object.assign(server.behaviour, {
    delayMs: 0,
    status: 200,
    rawBody: undefined,
    optOut: "",
    optOutInIdResponse: false,
  });
  history.replaceState(null, "", "/");
});

const config = (extra: Record<string, unknown> = {}) => ({
  loadSSL: false,
  marketingCloudServer: server.crossHost,
  ...extra,
});
// Every instance a test makes, so its /id call can settle before the next test clears the
// cookies (a late answer would otherwise write into the next test's cookie jar).
const created: VisitorInstance[] = [];
const instance = (extra?: Record<string, unknown>) => {
  const visitor = createVisitorNamespace(win).getInstance(ORG, config(extra));
  created.push(visitor);
  return visitor;
};
// A call still out (an AAM call after a failed MC one, say) would save its cookie into the
// next test: each instance's calls are waited for.
afterEach(async () => {
  await Promise.all(
    created
      .splice(0)
      .map((v) => new Promise((resolve) => v.getVisitorValues(resolve, ["MCMID", "MCAAMB"]))),
  );
});
const mid = (visitor: ReturnType<typeof instance>) =>
  new Promise<string>((resolve) => visitor.getMarketingCloudVisitorID(resolve));
const amcv = () => {
  const pair = document.cookie.split("; ").find((c) => c.startsWith(`${AMCV}=`));
  return pair ? `${AMCV}=${decodeURIComponent(pair.slice(AMCV.length + 1))}` : "";
};

describe("Visitor.getInstance", () => {
  it("throws the 5.5.0 messages", () => {
    const Visitor = createVisitorNamespace(win);
    expect(() => Visitor.getInstance("")).toThrow(MISSING_ORG_ID);
    expect(MISSING_ORG_ID).toBe("Visitor requires Adobe Marketing Cloud Org ID.");
    expect(() => Visitor()).toThrow("Please use `Visitor.getInstance` to instantiate Visitor.");
    expect(USE_GET_INSTANCE).toContain("getInstance");
    expect(() => Visitor.getInstance(ORG, config({ serverState: "{not json" }))).toThrow(
      "`serverState` has an invalid format.",
    );
    expect(Visitor.version).toBe("5.5.0");
    expect(Visitor.AuthState).toEqual({ UNKNOWN: 0, AUTHENTICATED: 1, LOGGED_OUT: 2 });
  });

  it("keeps one instance per org and appends @AdobeOrg", () => {
    const Visitor = createVisitorNamespace(win);
    const a = Visitor.getInstance("ABC123", config());
    created.push(a);
    expect(a.marketingCloudOrgID).toBe(ORG);
    expect(Visitor.getInstance(ORG)).toBe(a);
    const other = Visitor.getInstance("OTHER@AdobeOrg", config());
    created.push(other);
    expect(other).not.toBe(a);
    expect(win.adobe?.OptInCategories?.ECID).toBe("ecid");
  });
});

describe("the /id call and the AMCV cookie", () => {
  it("sends the 5.5.0 parameters and stores the answer", async () => {
    const visitor = instance();
    expect(visitor.getMarketingCloudVisitorID()).toBe("");
    const id = await mid(visitor);
    expect(id).toMatch(/^\d{38}$/);
    const [call] = server.calls("/id");
    expect(Object.fromEntries(call!.searchParams)).toMatchObject({
      d_visid_ver: "5.5.0",
      d_rtbd: "json",
      d_ver: "2",
      d_orgid: ORG,
      d_nsid: "0",
      d_coppa: "true",
      d_fieldgroup: "MC",
    });
    expect(Number(call!.searchParams.get("ts"))).toBeGreaterThan(Date.now() - 60000);
    expect(amcv()).toMatch(
      new RegExp(
        `^${AMCV}=-?\\d+\\|MCIDTS\\|${today()}\\|MCMID\\|${id}\\|MCAAMLH-\\d+\\|9\\|MCAAMB-\\d+\\|blob-\\d+\\|MCOPTOUT-\\d+s\\|NONE\\|vVersion\\|5\\.5\\.0$`,
      ),
    );
    expect(document.cookie).toContain("AMCVS_ABC123%40AdobeOrg=1");
    // The answer brought the audience data: no second call.
    delete win.adobe;
    const later = instance();
    expect(later.getMarketingCloudVisitorID()).toBe(id);
    expect(server.calls("/id")).toHaveLength(1);
  });

  it("makes one call a day: a later page reads the cookie instead", async () => {
    const first = await mid(instance());
    delete win.adobe;
    const later = instance();
    expect(later.getMarketingCloudVisitorID()).toBe(first);
    expect(server.calls("/id")).toHaveLength(1);
  });

  // As VisitorAPI 5.5.0 does (checked in Chromium against its lib/visitorapi.min.js with
  // dpm.demdex.net unreachable): the day is stamped with the local MID, an AAM call follows
  // at once, and a later page asks for the audience data with an AAM call, not an MC one.
  it("mints a local MID after loadTimeout and offers it in the AAM calls that follow", async () => {
    server.behaviour.delayMs = 3000;
    const started = Date.now();
    const local = await mid(instance({ loadTimeout: 100 }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(local).toMatch(/^[1-9]\d{37}$/);
    await vi.waitFor(() => expect(server.calls("/id")).toHaveLength(2));
    const [first, followUp] = server.calls("/id");
    expect(first!.searchParams.get("d_fieldgroup")).toBe("MC");
    expect(followUp!.searchParams.get("d_fieldgroup")).toBe("AAM");
    expect(followUp!.searchParams.get("d_mid")).toBe(local);
    expect(amcv()).toContain(`MCIDTS|${today()}|MCMID|${local}`);
    server.behaviour.delayMs = 0;
    delete win.adobe;
    await new Promise((resolve) => instance().getVisitorValues(resolve, ["MCAAMB"]));
    const next = server.calls("/id")[2]!;
    expect(next.searchParams.get("d_fieldgroup")).toBe("AAM");
    expect(next.searchParams.get("d_mid")).toBe(local);
    expect(amcv()).toMatch(/MCAAMB-\d+\|blob-/);
    expect(server.calls("/id")).toHaveLength(3);
  });

  it.each([
    ["an error status", { status: 500 }],
    ["a body that is not JSON", { rawBody: "<html>" }],
    ["a d_mid that is not hex", { rawBody: '{"d_mid":"<script>"}' }],
  ])("mints a local MID on %s, and logs why", async (_, behaviour) => {
    Object.assign(server.behaviour, behaviour);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await mid(instance())).toMatch(/^\d{38}$/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("/id failed"), expect.any(Error));
    warn.mockRestore();
  });

  it("adopts a fresh adobe_mc from another domain, not a stale or foreign one", () => {
    const ts = Math.floor(Date.now() / 1000);
    const link = (org: string, at: number) =>
      `/?adobe_mc=${encodeURIComponent(`MCMID=12345678901234567890123456789012345678|MCORGID=${encodeURIComponent(org)}|TS=${at}`)}`;
    history.replaceState(null, "", link(ORG, ts - 200));
    expect(instance().getMarketingCloudVisitorID()).toBe("12345678901234567890123456789012345678");
    for (const url of [link(ORG, ts - 400), link("OTHER@AdobeOrg", ts)]) {
      delete win.adobe;
      document.cookie = `${AMCV}=; path=/; max-age=0`;
      history.replaceState(null, "", url);
      expect(instance({ loadTimeout: 50 }).getMarketingCloudVisitorID()).toBe("");
    }
  });

  it("appends adobe_mc with the MID, the org and a timestamp", async () => {
    const visitor = instance();
    const id = await mid(visitor);
    const url = visitor.appendVisitorIDsTo("https://quote.example/start?x=1#top");
    expect(url).toMatch(
      new RegExp(
        `^https://quote\\.example/start\\?x=1&adobe_mc=MCMID%3D${id}%7CMCORGID%3DABC123%2540AdobeOrg%7CTS%3D\\d+#top$`,
      ),
    );
  });
});

describe("customer IDs", () => {
  it("hashes trimmed, lower-cased IDs with SHA-256 and sends them in an AAM call", async () => {
    const visitor = instance();
    await mid(visitor);
    await visitor.setCustomerIDs(
      { email: { id: " ECID@Adobe.com ", authState: 1 }, crm: "42" },
      "SHA-256",
    );
    const hash = "a6ea4cde5da5ae7cc68baae894d1d6544fca26254433b0fff7c2cb4843b4a097";
    expect(sha("ecid@adobe.com")).toBe(hash);
    expect(visitor.getCustomerIDs()).toEqual({
      email: { id: hash, authState: 1, hashType: "SHA-256" },
      crm: { id: sha("42"), authState: 0, hashType: "SHA-256" },
    });
    await new Promise((resolve) => visitor.getVisitorValues(resolve, ["MCAAMB"]));
    await vi.waitFor(() => expect(server.calls("/id")).toHaveLength(2));
    const aam = server.calls("/id")[1]!;
    expect(aam.searchParams.get("d_fieldgroup")).toBe("AAM");
    expect(aam.searchParams.getAll("d_cid_ic")).toEqual([
      `email\u0001${hash}\u00011`,
      `crm\u0001${sha("42")}\u00010`,
    ]);
    expect(aam.search).toContain(`d_cid_ic=email%01${hash}%011`);
    await vi.waitFor(() => expect(amcv()).toMatch(/\|MCCIDH\|-?\d+\|/));
  });

  it("applies unhashed IDs at once and keeps the order of later calls", async () => {
    const visitor = instance();
    void visitor.setCustomerIDs({ crm: { id: "A", authState: 2 } });
    expect(visitor.getCustomerIDs()).toEqual({ crm: { id: "A", authState: 2 } });
    void visitor.setCustomerIDs({ crm: "B" }, "SHA-256");
    await visitor.setCustomerIDs({ crm: "C" });
    expect(visitor.getCustomerIDs().crm).toEqual({ id: "C", authState: 0 });
  });

  it.each([
    [null, undefined, '"customerIDs" must be an object'],
    [{ crm: { id: "" } }, undefined, '"customerIDs.crm.id" must be a non-empty string'],
    [
      { crm: { id: "x", authState: 3 } },
      undefined,
      '"customerIDs.crm.authState" must be 0, 1 or 2',
    ],
    [{ crm: { id: "x", hashType: "MD5" } }, undefined, '"customerIDs.crm.hashType"'],
    [{ crm: "x" }, "md5", '"hashType" must be "SHA-256"'],
  ])("rejects %j / %j naming the field", (ids, hashType, message) => {
    expect(() => instance().setCustomerIDs(ids, hashType)).toThrow(message);
  });
});

describe("opt-out status", () => {
  it("takes the status from the MC call's answer, as 5.5.0 does: no call of its own", async () => {
    server.behaviour.optOut = "global";
    server.behaviour.optOutInIdResponse = true;
    const visitor = instance();
    const opted = await new Promise((resolve) => visitor.isOptedOut(resolve));
    expect(opted).toBe(true);
    expect(visitor.getOptOut()).toBe("global");
    expect(amcv()).toMatch(/MCOPTOUT-\d+s\|global/);
    expect(await new Promise((resolve) => visitor.isOptedOut(resolve, "other"))).toBe(false);
    expect(server.calls("/id")).toHaveLength(1);
    expect(server.calls("/optOutStatus")).toHaveLength(0);
  });

  it("stores NONE when the MC answer names no opt-out, and isOptedOut is false", async () => {
    const visitor = instance();
    await new Promise((resolve) => visitor.getMarketingCloudVisitorID(resolve));
    expect(amcv()).toMatch(/MCOPTOUT-\d+s\|NONE/);
    expect(await new Promise((resolve) => visitor.isOptedOut(resolve))).toBe(false);
    expect(server.calls("/id")).toHaveLength(1);
    expect(server.calls("/optOutStatus")).toHaveLength(0);
  });

  it("asks /optOutStatus once, keeping no cookie, while the ECID is not allowed", async () => {
    server.behaviour.optOut = "global";
    const visitor = instance({ doesOptInApply: true });
    const opted = await new Promise((resolve) => visitor.isOptedOut(resolve));
    expect(opted).toBe(true);
    expect(visitor.getOptOut()).toBe("global");
    const call = server.calls("/optOutStatus")[0]!;
    expect(call.searchParams.get("d_orgid")).toBe(ORG);
    expect(call.searchParams.has("d_mid")).toBe(false);
    expect(await new Promise((resolve) => visitor.isOptedOut(resolve, "other"))).toBe(false);
    expect(server.calls("/optOutStatus")).toHaveLength(1);
    expect(server.calls("/id")).toHaveLength(0);
    expect(amcv() ?? "").not.toContain("MCOPTOUT");
  });

  it("calls a [thisArg, callback] pair as DIL passes it", async () => {
    const dil = { optedOut: undefined as unknown };
    const visitor = instance();
    await new Promise<void>((resolve) =>
      visitor.isOptedOut([
        dil,
        function (this: typeof dil, value: boolean) {
          this.optedOut = value;
          resolve();
        },
      ]),
    );
    expect(dil.optedOut).toBe(false);
  });

  it("leaves a NONE opt-out out of getVisitorValues, so AppMeasurement sends its beacons", async () => {
    const visitor = instance();
    const values = await new Promise<Record<string, string>>((resolve) =>
      visitor.getVisitorValues(resolve),
    );
    expect(amcv()).toMatch(/MCOPTOUT-\d+s\|NONE/);
    expect(values).not.toHaveProperty("MCOPTOUT");
    expect(visitor.getOptOut()).toBe("");
  });

  it("getVisitorValues collects every field", async () => {
    const values = await new Promise<Record<string, string>>((resolve) =>
      instance().getVisitorValues(resolve),
    );
    expect(values).toEqual({
      MCMID: expect.stringMatching(/^\d{38}$/),
      MCAAMB: expect.stringMatching(/^blob-/),
      MCAAMLH: "9",
    });
  });
});

describe("callbacks, state and cookie options", () => {
  it("forceCallCallback still waits for the call that is out, as 5.5.0 does", async () => {
    server.behaviour.delayMs = 200;
    const visitor = instance();
    const answered = vi.fn();
    visitor.getMarketingCloudVisitorID(answered, true);
    expect(answered).not.toHaveBeenCalled();
    // Registered after the forced one, so it is answered after it.
    const later = await mid(visitor);
    expect(later).toMatch(/^\d{38}$/);
    expect(answered).toHaveBeenCalledTimes(1);
    expect(answered).toHaveBeenCalledWith(later);
  });

  it("a throwing callback is logged and does not stop the others", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const visitor = instance();
    visitor.getMarketingCloudVisitorID(() => {
      throw new Error("page bug");
    });
    expect(await mid(visitor)).toMatch(/^\d{38}$/);
    expect(warn).toHaveBeenCalledWith("[Visitor] A callback threw", new Error("page bug"));
    warn.mockRestore();
  });

  it("takes customer IDs and an SDID from serverState, and resetState forgets them", async () => {
    const serverState = JSON.stringify({
      [ORG]: {
        customerIDs: { crm: { id: "9", authState: 1 } },
        sdid: "0123456789ABCDEF-FEDCBA9876543210",
      },
    });
    const visitor = instance({ serverState });
    expect(visitor.getCustomerIDs()).toEqual({ crm: { id: "9", authState: 1 } });
    expect(visitor.getSupplementalDataID("analytics")).toBe("0123456789ABCDEF-FEDCBA9876543210");
    await mid(visitor);
    expect(server.calls("/id")[0]!.searchParams.get("d_cid_ic")).toBe("crm\u00019\u00011");
    visitor.resetState();
    expect(visitor.getCustomerIDs()).toEqual({});
    expect(visitor.getSupplementalDataID("analytics")).not.toBe(
      "0123456789ABCDEF-FEDCBA9876543210",
    );
    expect(() => visitor.resetState("[1]")).toThrow("`serverState` has an invalid format.");
  });

  it("writes a session cookie with cookieLifetime SESSION and none with NONE", async () => {
    await mid(instance({ cookieLifetime: "SESSION" }));
    expect(amcv()).toContain("MCMID");
    document.cookie = `${AMCV}=; path=/; max-age=0`;
    delete win.adobe;
    await mid(instance({ cookieLifetime: "NONE" }));
    expect(amcv()).toBe("");
  });
});

describe("supplemental data IDs", () => {
  it("are shared by consumers of one hit and renewed for the next", () => {
    const visitor = instance();
    const a = visitor.getSupplementalDataID("analytics");
    expect(a).toMatch(/^[0-9A-F]{16}-[0-9A-F]{16}$/);
    expect(visitor.getSupplementalDataID("target")).toBe(a);
    const b = visitor.getSupplementalDataID("analytics");
    expect(b).not.toBe(a);
    expect(visitor.getSupplementalDataID("target")).toBe(b);
    expect(visitor.getSupplementalDataID("x", false)).toBe(b);
  });
});

/**
 * Records the URLs the Visitor's transport (requestJson, on `fetch`) is asked for, in call
 * order. `sentinel()` then sends one more request through the same transport and waits for
 * the server's answer: an /id call the action under test started is ahead of it in the
 * record, however slow the machine, so "no /id call" is a fact rather than a timing guess.
 */
function recordFetches() {
  const urls: string[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return realFetch(input, init);
  });
  return {
    /** The paths requested before the sentinel. */
    async sentinel(): Promise<string[]> {
      const url = `${server.origin}/optOutStatus?sentinel=${urls.length}`;
      await requestJson(url, 5_000, false);
      spy.mockRestore();
      return urls.slice(0, urls.indexOf(url)).map((u) => new URL(u).pathname);
    },
  };
}

describe("adobe.optIn gating identity", () => {
  it("makes no /id call until ecid is approved and complete", async () => {
    const fetches = recordFetches();
    const visitor = instance({ doesOptInApply: true });
    const optIn = win.adobe!.optIn!;
    expect(optIn.status).toBe("pending");
    expect(optIn.permissions.ecid).toBe(false);
    const answered = vi.fn();
    visitor.getMarketingCloudVisitorID(answered);
    expect(answered).toHaveBeenCalledWith("");
    expect(() => optIn.approve("ecids")).toThrow(INVALID_CATEGORY);
    optIn.approve([optIn.Categories.ECID, "aa"], true);
    expect(optIn.status).toBe("changed");
    expect(optIn.isApproved("ecid")).toBe(false);
    // Asked again while the change is open: an ungated Visitor would start its /id call here.
    visitor.getMarketingCloudVisitorID(answered);
    expect(answered).toHaveBeenLastCalledWith("");
    expect(await fetches.sentinel()).not.toContain("/id");
    expect(server.calls("/id")).toHaveLength(0);
    optIn.complete();
    expect(optIn.status).toBe("complete");
    expect(await mid(visitor)).toMatch(/^\d{38}$/);
    expect(server.calls("/id")).toHaveLength(1);
    // aam is still denied: no AAM data is kept.
    expect(amcv()).not.toContain("MCAAMB");
  });

  it("keeps customer IDs off the wire until aam is approved", async () => {
    const fetches = recordFetches();
    const visitor = instance({ doesOptInApply: true, preOptInApprovals: { ecid: true } });
    expect(win.adobe!.optIn!.isPreApproved("ecid")).toBe(true);
    await mid(visitor);
    await visitor.setCustomerIDs({ crm: "7" });
    // Only the first call (for the MID); an ungated Visitor would send the IDs in a second.
    expect((await fetches.sentinel()).filter((path) => path === "/id")).toHaveLength(1);
    expect(server.calls("/id")).toHaveLength(1);
    expect(server.calls("/id")[0]!.searchParams.has("d_cid_ic")).toBe(false);
    win.adobe!.optIn!.approve("aam");
    await vi.waitFor(() => expect(server.calls("/id")).toHaveLength(2));
    expect(server.calls("/id")[1]!.searchParams.get("d_cid_ic")).toBe("crm\u00017\u00010");
  });

  it("stores the decision and restores it on the next page", () => {
    instance({ doesOptInApply: true, isOptInStorageEnabled: true, loadTimeout: 50 });
    win.adobe!.optIn!.denyAll();
    win.adobe!.optIn!.approve("aa");
    expect(document.cookie).toContain("adobeujs-optin=");
    delete win.adobe;
    instance({ doesOptInApply: true, isOptInStorageEnabled: true, loadTimeout: 50 });
    const optIn = win.adobe!.optIn!;
    expect(optIn.status).toBe("complete");
    expect(optIn.permissions).toMatchObject({ aa: true, ecid: false, aam: false });
  });
});
