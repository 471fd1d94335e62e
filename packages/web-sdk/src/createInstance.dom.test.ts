// @vitest-environment-options {"url": "https://www.example.test/page.html?x=1"}
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import createInstance from "./createInstance.ts";

const ORG = "5BFE274A5F6980A50A495C08@AdobeOrg";
const ECID = "41861666193140161934276845651148876988";
const IDENTITY_VALUE = btoa(String.fromCharCode(10, ECID.length) + ECID);
const config = { datastreamId: "ds-1", orgId: ORG, thirdPartyCookiesEnabled: false };

interface Call {
  url: string;
  body: Record<string, any>;
}

/** A stand-in edge behind window.fetch that writes the identity cookie as the real one does. */
function fakeEdge(answer?: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  window.fetch = vi.fn((url: string, init: RequestInit) => {
    const call = { url, body: JSON.parse(init.body as string) };
    calls.push(call);
    const custom = answer?.(call);
    if (custom) return Promise.resolve(custom);
    const handle: unknown[] = [
      { type: "identity:result", payload: [{ id: ECID, namespace: { code: "ECID" } }] },
      {
        type: "state:store",
        payload: [
          { key: `kndctr_${ORG.replace("@", "_")}_identity`, value: IDENTITY_VALUE, maxAge: 3600 },
          ...(url.includes("set-consent")
            ? [
                {
                  key: `kndctr_${ORG.replace("@", "_")}_consent`,
                  value: `general=${call.body.consent[0].value.general}`,
                  maxAge: 3600,
                },
              ]
            : []),
        ],
      },
    ];
    return Promise.resolve(
      new Response(JSON.stringify({ requestId: "r", handle }), {
        status: 200,
        headers: { "content-type": "application/json", "x-adobe-edge": "OR2;9" },
      }),
    );
  }) as unknown as typeof fetch;
  return calls;
}

const clearCookies = () =>
  document.cookie.split(/;\s*/).forEach((c) => {
    const name = c.split("=")[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
    if (name) document.cookie = `${name}=; max-age=0; path=/; domain=example.test`;
  });

beforeEach(() => {
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe("command API", () => {
  it("answers commands before configure, a second configure and unknown commands like alloy", async () => {
    fakeEdge();
    const alloy = createInstance({ name: "alloy" });
    await expect(alloy("sendEvent")).rejects.toThrow(
      "[alloy] The library must be configured first. Please do so by executing the configure command.",
    );
    await expect(alloy("configure", config)).resolves.toEqual({});
    await expect(alloy("configure", config)).rejects.toThrow(
      "[alloy] The library has already been configured and may only be configured once.",
    );
    await expect(alloy("fly")).rejects.toThrow(
      /^\[alloy\] The fly command does not exist\. List of available commands: configure, setDebug, sendEvent,/,
    );
    await expect(alloy("applyPropositions", { propositions: [] })).rejects.toThrow(
      "[alloy] The applyPropositions command is not supported by this SDK",
    );
    await expect(alloy("sendMediaEvent")).rejects.toThrow("not supported");
    await expect(alloy("toString")).rejects.toThrow("[alloy] The toString command does not exist.");
    await expect(alloy("__proto__")).rejects.toThrow("The __proto__ command does not exist.");
  });

  it("lets configure be retried after a validation failure", async () => {
    fakeEdge();
    const alloy = createInstance({ name: "retry" });
    await expect(alloy("configure", { orgId: ORG })).rejects.toThrow(
      "[retry] Resolve these configuration problems:\n\t - Error: 'datastreamId' is a required option",
    );
    await expect(alloy("configure", config)).resolves.toEqual({});
  });

  it("sends a page view with context, type, mergeId, data and overrides", async () => {
    const calls = fakeEdge();
    const alloy = createInstance();
    await alloy("configure", { ...config, edgeConfigOverrides: { a: { b: "", c: 1 } } });
    const result = await alloy("sendEvent", {
      type: "web.webpagedetails.pageViews",
      mergeId: "m-1",
      xdm: { web: { webPageDetails: { name: "home" } } },
      data: { custom: 1 },
      edgeConfigOverrides: { datastreamId: "ds-2", x: [] },
    });
    expect(result).toEqual({ propositions: [], decisions: [], destinations: [] });
    expect(calls).toHaveLength(1);
    const { url, body } = calls[0]!;
    expect(url).toMatch(
      /^https:\/\/edge\.adobedc\.net\/ee\/v1\/interact\?configId=ds-2&requestId=[0-9a-f-]{36}$/,
    );
    const event = body.events[0];
    expect(event.xdm).toMatchObject({
      eventType: "web.webpagedetails.pageViews",
      eventMergeId: "m-1",
      web: {
        webPageDetails: { URL: "https://www.example.test/page.html?x=1", name: "home" },
        webReferrer: { URL: "" },
      },
      environment: { type: "browser" },
      implementationDetails: {
        name: "https://ns.adobe.com/experience/alloy",
        environment: "browser",
      },
    });
    expect(event.xdm.timestamp).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(event.xdm.placeContext.localTime).toMatch(/[+-]\d\d:\d\d$/);
    expect(event.data).toEqual({ custom: 1 });
    expect(event.query.personalization.decisionScopes).toEqual(["__view__"]);
    expect(event.query.personalization.surfaces).toEqual(["web://www.example.test/page.html"]);
    expect(body.query).toEqual({ identity: { fetch: ["ECID"] } });
    expect(body.meta).toEqual({
      state: { domain: "example.test", cookiesEnabled: true },
      configOverrides: { a: { c: 1 } },
      sdkConfig: { datastream: { original: "ds-1" } },
    });
    // The second event does not ask for personalization again and goes to the same edge.
    await expect(alloy("sendEvent", { xdm: { eventType: "x" } })).resolves.toEqual({
      propositions: [],
      destinations: [],
    });
    expect(calls[1]!.body.events[0].query).toBeUndefined();
  });

  it("validates sendEvent options, including identityMap states", async () => {
    fakeEdge();
    const alloy = createInstance();
    await alloy("configure", config);
    await expect(
      alloy("sendEvent", {
        xdm: { identityMap: { EMAIL: [{ id: "a", authenticatedState: "maybe" }] } },
        foo: 1,
      }),
    ).rejects.toThrow(
      `[alloy] Invalid sendEvent command options:\n\t - Error: 'xdm.identityMap.EMAIL[0].authenticatedState': Expected one of these values: ["ambiguous","authenticated","loggedOut"], but got "maybe".\n'foo': Unknown field. For command documentation see: https://adobe.ly/3GQ3Q7t`,
    );
    await expect(alloy("getIdentity", null)).resolves.toHaveProperty("identity");
    await expect(alloy("sendEvent", "page")).rejects.toThrow(
      `[alloy] Invalid sendEvent command options:\n\t - Error: 'options': Expected an object, but got "page".`,
    );
    await expect(alloy("setDebug", {})).rejects.toThrow(
      "[alloy] Invalid setDebug command options:\n\t - Error: 'enabled' is a required option For command documentation see: https://adobe.ly/3sHgQHb",
    );
  });

  it("onBeforeEventSend may edit or cancel; a throw rejects", async () => {
    const calls = fakeEdge();
    const alloy = createInstance();
    let mode = "edit";
    await alloy("configure", {
      ...config,
      onBeforeEventSend: (content: { xdm: any; data: any }) => {
        if (mode === "cancel") return false;
        if (mode === "throw") throw new Error("boom");
        content.xdm.edited = true;
        content.data = { replaced: 1 };
      },
    });
    await alloy("sendEvent", { data: { a: 1 } });
    expect(calls[0]!.body.events[0].xdm.edited).toBe(true);
    expect(calls[0]!.body.events[0].data).toEqual({ replaced: 1 });
    mode = "cancel";
    await expect(alloy("sendEvent", {})).resolves.toEqual({});
    mode = "throw";
    await expect(alloy("sendEvent", {})).rejects.toThrow(
      "[alloy] [DataCollector] An error occurred while executing the sendEvent command.\nCaused by: boom",
    );
    expect(calls).toHaveLength(1);
  });

  it("rejects failed responses with alloy's message and status", async () => {
    fakeEdge(() => new Response(JSON.stringify({ title: "bad" }), { status: 400 }));
    const alloy = createInstance();
    await alloy("configure", config);
    await expect(alloy("sendEvent", {})).rejects.toThrow(
      '[alloy] [DataCollector] An error occurred while executing the sendEvent command.\nCaused by: The server responded with a status code 400 and response body:\n{\n  "title": "bad"\n}',
    );
  });

  it("survives malformed handles in a successful response", async () => {
    fakeEdge(
      () =>
        new Response(
          JSON.stringify({
            handle: [
              null,
              { type: "state:store", payload: [null, { key: 5 }, "x"] },
              { type: "identity:result", payload: null },
            ],
          }),
          { status: 200 },
        ),
    );
    const alloy = createInstance();
    await alloy("configure", config);
    await expect(alloy("sendEvent", {})).resolves.toEqual({
      propositions: [],
      decisions: [],
      destinations: [],
    });
  });

  it("rejects network failures with Network request failed.", async () => {
    window.fetch = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    const alloy = createInstance();
    await alloy("configure", config);
    await expect(alloy("sendEvent", {})).rejects.toThrow(
      "Caused by: Network request failed.\nCaused by: Failed to fetch",
    );
  });

  it("getIdentity uses the cookie, else acquires; appendIdentityToUrl adds adobe_mc", async () => {
    const calls = fakeEdge();
    const alloy = createInstance();
    await alloy("configure", config);
    await expect(alloy("getIdentity")).resolves.toEqual({
      identity: { ECID },
      edge: { regionId: 9 },
    });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(["/ee/v1/identity/acquire"]);
    expect(calls[0]!.body).toEqual({
      query: { identity: { fetch: ["ECID"] } },
      meta: { state: { domain: "example.test", cookiesEnabled: true } },
    });
    await alloy("getIdentity");
    expect(calls).toHaveLength(1);
    const { url } = await alloy("appendIdentityToUrl", { url: "https://b.test/p?q=1#top" });
    expect(url).toMatch(
      new RegExp(
        `^https://b\\.test/p\\?q=1&adobe_mc=TS%3D\\d+%7CMCMID%3D${ECID}%7CMCORGID%3D5BFE274A5F6980A50A495C08%2540AdobeOrg#top$`,
      ),
    );
    await expect(alloy("getIdentity", { namespaces: ["CORE"] })).rejects.toThrow(
      "namespaces: The CORE namespace cannot be requested when third-party cookies are disabled.",
    );
    expect(document.cookie).toContain(`AMCV_${encodeURIComponent(ORG)}=MCMID|${ECID}`);
  });

  it("consent: pending queues, in releases, out resolves {} with the warning", async () => {
    const calls = fakeEdge();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const alloy = createInstance();
    await alloy("configure", { ...config, defaultConsent: "pending", debugEnabled: true });
    let sent = false;
    const queued = alloy("sendEvent", {}).then((r) => ((sent = true), r));
    const appended = await alloy("appendIdentityToUrl", { url: "https://b.test/" });
    expect(appended).toEqual({ url: "https://b.test/" });
    expect(warn).toHaveBeenCalledWith(
      "[alloy]",
      "Unable to append identity to url. Consent is pending.",
    );
    await Promise.resolve();
    expect(sent).toBe(false);
    const adobe1 = { standard: "Adobe", version: "1.0", value: { general: "in" } };
    await expect(
      alloy("setConsent", { consent: [adobe1], identityMap: { EMAIL: [{ id: "a@b.c" }] } }),
    ).resolves.toEqual({});
    await queued;
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      "/ee/v1/privacy/set-consent",
      "/ee/v1/interact",
    ]);
    expect(calls[0]!.body).toMatchObject({
      consent: [adobe1],
      identityMap: { EMAIL: [{ id: "a@b.c" }] },
    });
    // The same consent again is not re-sent.
    await alloy("setConsent", { consent: [adobe1] });
    expect(calls).toHaveLength(2);
    await alloy("setConsent", { consent: [{ ...adobe1, value: { general: "out" } }] });
    await expect(alloy("sendEvent", {})).resolves.toEqual({});
    await expect(alloy("getIdentity")).resolves.toEqual({});
    expect(warn).toHaveBeenCalledWith(
      "[alloy]",
      "The sendEvent command could not fully complete. The user declined consent.",
    );
    expect(calls).toHaveLength(3);
    warn.mockRestore();
  });

  it("without the identity cookie, an earlier consent is stale: cookie removed, hashes ignored", async () => {
    const calls = fakeEdge();
    const adobe1 = { standard: "Adobe", version: "1.0", value: { general: "in" } };
    const hashKey = `com.adobe.alloy.${ORG.replace("@", "_")}.consentHashes.Adobe.1.0`;
    // Another visitor's decision on this browser: its consent cookie (on the apex domain, as
    // the edge writes it) and its stored hash.
    const consentCookie = `kndctr_${ORG.replace("@", "_")}_consent`;
    document.cookie = `${consentCookie}=general%3Dout; path=/; domain=example.test`;
    const first = createInstance();
    await first("configure", config);
    await first("setConsent", { consent: [adobe1] });
    const stored = localStorage.getItem(hashKey)!;
    expect(calls).toHaveLength(1);
    clearCookies(); // the identity cookie goes; the hash stays behind in localStorage
    document.cookie = `${consentCookie}=general%3Dout; path=/; domain=example.test`;
    const getItem = vi.spyOn(Storage.prototype, "getItem");
    const keys = vi.spyOn(Object, "keys");
    const second = createInstance({ name: "second" });
    await second("configure", config);
    expect(document.cookie).not.toContain(consentCookie);
    // Nothing in localStorage is read while configuring (a costly first access on a page).
    expect(getItem.mock.calls.filter(([key]) => String(key).includes("consentHashes"))).toEqual([]);
    expect(keys.mock.calls.some(([o]) => o === localStorage)).toBe(false);
    keys.mockRestore();
    expect(localStorage.getItem(hashKey)).toBe(stored);
    // The same consent is sent again: the stored hash belonged to the old identity.
    await second("setConsent", { consent: [adobe1] });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      "/ee/v1/privacy/set-consent",
      "/ee/v1/privacy/set-consent",
    ]);
    // With the identity cookie now set, a repeat is skipped as usual.
    await second("setConsent", { consent: [adobe1] });
    expect(calls).toHaveLength(2);
  });

  it("passes IAB TCF and Adobe 2.0 payloads through untouched", async () => {
    const calls = fakeEdge((call) =>
      call.url.includes("set-consent")
        ? new Response(
            JSON.stringify({
              handle: [
                {
                  type: "state:store",
                  payload: [
                    { key: `kndctr_${ORG.replace("@", "_")}_consent`, value: "general=in" },
                  ],
                },
              ],
            }),
            { status: 200 },
          )
        : undefined,
    );
    const alloy = createInstance();
    await alloy("configure", config);
    const consent = [
      { standard: "IAB TCF", version: "2.0", value: "CO-tc-string", gdprApplies: true },
      {
        standard: "Adobe",
        version: "2.0",
        value: { collect: { val: "y" }, metadata: { time: "2026-01-01T00:00:00Z" } },
      },
    ];
    await alloy("setConsent", { consent });
    expect(calls[0]!.body.consent).toEqual(consent);
    await expect(alloy("setConsent", { consent: [] })).rejects.toThrow(
      "'consent': Expected a non-empty array, but got [].",
    );
  });

  it("getLibraryInfo and createEventMergeId", async () => {
    fakeEdge();
    const alloy = createInstance();
    await alloy("configure", config);
    const { libraryInfo } = (await alloy("getLibraryInfo")) as any;
    expect(libraryInfo.version).toBe("2.26.0");
    expect(libraryInfo.commands).toEqual([...libraryInfo.commands].sort());
    expect(libraryInfo.commands).toContain("sendEvent");
    expect(libraryInfo.configs.datastreamId).toBe("ds-1");
    expect(typeof libraryInfo.configs.onBeforeEventSend).toBe("string");
    const { eventMergeId } = await alloy("createEventMergeId");
    expect(eventMergeId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
