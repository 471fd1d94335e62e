import { appendParam, buildAdobeMc, readAdobeMc } from "./adobeMc.ts";
import { parseAmcv, serializeAmcv, type AmcvFields } from "./amcvCookie.ts";
import buildIdUrl, { customerIdParams, type CustomerId } from "./buildIdUrl.ts";
import {
  ADOBE_MC_TTL_S,
  COOKIE_LIFETIME_S,
  ID_SYNC_TTL_S,
  OPT_OUT_TTL_S,
  SECONDS_PER_DAY,
  VALID_MID,
  VERSION,
} from "./constants.ts";
import createCookies from "./createCookies.ts";
import createIdSync from "./createIdSync.ts";
import type { OptIn } from "./createOptIn.ts";
import createSupplementalDataIds from "./createSupplementalDataIds.ts";
import hashCustomerId from "./hashCustomerId.ts";
import mintMid from "./mintMid.ts";
import type { VisitorConfig } from "./normalizeConfig.ts";
import nowSeconds from "./nowSeconds.ts";
import parseServerState, { type ServerState } from "./parseServerState.ts";
import requestJson from "./requestJson.ts";
import stringHash from "./stringHash.ts";
import toCustomerIds, { type CustomerIdEntry } from "./toCustomerIds.ts";

/**
 * A callback, or `[thisArg, callback]` as 5.5.0 also takes one (DIL passes
 * `[dil, dil.isOptedOutCallback]` to isOptedOut).
 */
type Callback<T> = ((value: T) => void) | [unknown, (value: T) => void];

/** The public surface of a Visitor instance (reference §7, "Public methods"). */
export interface VisitorInstance {
  readonly marketingCloudOrgID: string;
  readonly version: string;
  readonly FIELDS: Record<string, string>;
  getMarketingCloudVisitorID(callback?: Callback<string>, forceCallCallback?: boolean): string;
  getAnalyticsVisitorID(callback?: Callback<string>, forceCallCallback?: boolean): string;
  getVisitorValues(callback: Callback<Record<string, string>>, fields?: string[]): void;
  getSupplementalDataID(consumerId: string, autoGenerate?: boolean): string;
  /** Resolves once hashed IDs are applied (SubtleCrypto is asynchronous). */
  setCustomerIDs(ids: unknown, hashType?: string): Promise<void>;
  getCustomerIDs(): Record<string, CustomerId>;
  appendVisitorIDsTo(url: string): string;
  isOptedOut(callback?: Callback<boolean>, optOutType?: string, forceCallCallback?: boolean): void;
  getOptOut(callback?: Callback<string>, forceCallCallback?: boolean): string;
  isAllowed(): boolean;
  resetState(serverState?: unknown): void;
}

export interface VisitorDeps {
  win: Window;
  orgId: string;
  config: VisitorConfig;
  optIn: OptIn;
  warn: (message: string, error?: unknown) => void;
}

const FIELDS = {
  MCMID: "MCMID",
  MCAID: "MCAID",
  MCAAMB: "MCAAMB",
  MCAAMLH: "MCAAMLH",
  MCOPTOUT: "MCOPTOUT",
};

/**
 * One Visitor instance (one per org, made by `Visitor.getInstance`). Identity lives in the
 * AMCV cookie; the `/id` call runs at most once a day (`MCIDTS`), again when the customer
 * IDs change, and never before opt-in approves ecid (and aam for customer IDs and AAM
 * data) when opt-in applies (spec §6). A call that fails or outlasts `loadTimeout` leaves a
 * locally minted MID, which the AAM call that follows it (and the next page's) offers to the
 * server as `d_mid`.
 */
export default function createVisitor({
  win,
  orgId,
  config,
  optIn,
  warn,
}: VisitorDeps): VisitorInstance {
  const cookies = createCookies(win.document, config);
  const org = encodeURIComponent(orgId);
  const amcvName = `AMCV_${org}`;
  const sessionName = `AMCVS_${org}`;
  const lifetimeText = String(config.cookieLifetime ?? "").toUpperCase();
  const lifetime = lifetimeText === "SESSION" ? undefined : +lifetimeText || COOKIE_LIFETIME_S;
  const https = config.loadSSL || win.location.protocol === "https:";
  const base = `${https ? "https" : "http"}://${(https && config.marketingCloudServerSecure) || config.marketingCloudServer}`;
  const credentials = !config.disableThirdPartyCookies;
  const sdids = createSupplementalDataIds();
  const idSync = createIdSync(win, config, base);
  // Requests in flight; callbacks waiting for a field chain on the one that brings it.
  let idCall: Promise<void> | undefined;
  let optOutCall: Promise<void> | undefined;
  let liberated: string | undefined;
  let fields: AmcvFields = {};
  let customerIds: Record<string, CustomerId> = {};
  let hashing: Promise<void> = Promise.resolve();
  let pendingHashes = 0;
  let sentCustomerIds = 0;

  const allowed = (category = "ecid") =>
    !optIn.doesOptInApply || (optIn.isApproved("ecid") && optIn.isApproved(category));
  const today = () => String(Math.floor(nowSeconds() / SECONDS_PER_DAY));
  const customerIdsHash = () => stringHash(customerIdParams(customerIds));
  const hasCustomerIds = () => Object.keys(customerIds).length > 0;
  const newCustomerIds = () =>
    allowed("aam") && hasCustomerIds() && customerIdsHash() !== sentCustomerIds;

  function get(key: string): string {
    const field = fields[key];
    return field && !(field.expires! < nowSeconds()) ? field.value : "";
  }

  function set(key: string, value: string, ttl?: number, session?: boolean): void {
    fields[key] = { value, expires: ttl && nowSeconds() + ttl, session };
  }

  function answer<T>(callback: Callback<T> | undefined, value: T): void {
    try {
      if (Array.isArray(callback)) callback[1].call(callback[0], value);
      else callback?.(value);
    } catch (error) {
      warn("A callback threw", error);
    }
  }

  function save(): void {
    if (!allowed() || lifetimeText === "NONE") return;
    cookies.write(sessionName, "1", undefined, config.cookieDomain);
    cookies.write(
      amcvName,
      serializeAmcv(fields, stringHash(orgId)),
      lifetime,
      config.cookieDomain,
    );
  }

  // One GET; whatever happens, the cookie is saved before anyone waiting is answered.
  function request(
    url: string,
    onBody: (body: Record<string, unknown>) => void,
    onError?: () => void,
  ): Promise<void> {
    return requestJson(url, config.loadTimeout, credentials)
      .then(onBody)
      .catch((error) => {
        warn(`${url.split("?")[0]} failed`, error);
        onError?.();
      })
      .finally(save);
  }

  // The audience data (location hint, blob) 5.5.0 asks for at start-up, next to the MID.
  const aamMissing = () => allowed("aam") && !(get("MCAAMLH") && get("MCAAMB"));

  /**
   * Starts an /id call when one is due; returns the call in flight, if any. An `MC` call
   * when the day has no MID yet; then, as 5.5.0 does, an `AAM` call with the MID when the
   * customer IDs changed or, for whoever wants it, audience data is still missing (the `MC`
   * call failed, or its answer had none).
   */
  function ensureIdCall(wantAam = false, wantOptOut = false): Promise<void> | undefined {
    if (idCall || !allowed()) return idCall;
    const aam = allowed("aam");
    const mid = get("MCMID");
    const fresh = mid && get("MCIDTS") === today();
    // The opt-out field lasts d_ottl (2 h), not the day: once it has lapsed, asking for it
    // makes a call again.
    const optOutMissing = wantOptOut && !get("MCOPTOUT");
    if (fresh && !newCustomerIds() && !(wantAam && aamMissing()) && !optOutMissing) return;
    if (aam) sentCustomerIds = customerIdsHash();
    // The day is stamped when the MC call is made, whatever its answer (as in 5.5.0): a
    // failed call is not repeated today; later pages offer the local MID in an AAM call.
    if (!fresh) set("MCIDTS", today());
    const url = buildIdUrl(
      base,
      orgId,
      config.idSyncContainerID,
      mid,
      config.disableThirdPartyCookies,
      aam ? get("MCAAMB") : "",
      aam ? customerIds : {},
      fresh ? "AAM" : "MC",
    );
    const onBody = (body: Record<string, unknown>) => {
      const id = body.d_mid;
      if (typeof id !== "string" || !VALID_MID.test(id))
        throw new Error(String((body.error_msg as string) ?? "no valid d_mid"));
      set("MCMID", id);
      const ttl = Number(body.id_sync_ttl) || ID_SYNC_TTL_S;
      const region = body.dcs_region as string | number | undefined;
      if (aam && region !== undefined) set("MCAAMLH", String(region), ttl);
      if (aam && typeof body.d_blob === "string") set("MCAAMB", body.d_blob, ttl);
      // Every MC answer sets the opt-out field, NONE when it names none, after the audience
      // fields as 5.5.0 orders them (`…|MCAAMB-…|…|MCOPTOUT-<expiry>s|NONE|MCCIDH|…`), so
      // isOptedOut needs no call of its own.
      setOptOut(body);
      if (!aam) return;
      if (hasCustomerIds()) set("MCCIDH", String(sentCustomerIds));
      idSync(body, get, set);
    };
    // Spec §9: no answer within loadTimeout means a locally minted MID.
    const mintLocally = () => get("MCMID") || set("MCMID", mintMid());
    return (idCall = request(url, onBody, mintLocally).finally(() => {
      idCall = undefined;
      // Customer IDs set while the call was out still need to reach the server; audience
      // data an MC call did not bring is asked for once more.
      if (newCustomerIds() || (!fresh && aamMissing())) void ensureIdCall(true);
    }));
  }

  function setOptOut(body: Record<string, unknown>): void {
    set(
      "MCOPTOUT",
      String((body.d_optout as string) ?? "") || "NONE",
      Number(body.d_ottl) || OPT_OUT_TTL_S,
      true,
    );
  }

  // The AMCV cookie keeps "not opted out" as NONE, but a caller is answered "" (getVisitorValues
  // leaves it out): AppMeasurement takes any MCOPTOUT value for an opt-out and sends nothing.
  const field = (key: string) => {
    const value = get(key);
    return key === "MCOPTOUT" && value === "NONE" ? "" : value;
  };

  // A remote field: answered now when known (or when nothing will bring it), else when the
  // request that brings it settles. 5.5.0 ignores `forceCallCallback` while that request is
  // out (checked in Chromium against its lib/visitorapi.min.js): the callback still waits.
  function getField(key: string, callback?: Callback<string>): string {
    const audience = key === "MCAAMLH" || key === "MCAAMB";
    const ok = allowed(audience ? "aam" : "ecid");
    if (key === "MCOPTOUT" && !ok) return liberatedOptOut(callback);
    const value = ok ? field(key) : "";
    // MCAID comes from the AMCV cookie or an `adobe_mc` link: Liftoff runs no Analytics
    // tracking server to ask, so an unknown MCAID answers "" at once.
    const pending = ok && !value && key !== "MCAID" && ensureIdCall(audience, key === "MCOPTOUT");
    if (pending) void pending.then(() => answer(callback, field(key)));
    else answer(callback, value);
    return value;
  }

  /**
   * The opt-out status while the visitor has not allowed an ECID: 5.5.0 asks /optOutStatus
   * (no MID is kept or sent) and holds the answer in memory for its `d_ottl`, not in a cookie.
   */
  function liberatedOptOut(callback?: Callback<string>): string {
    if (liberated !== undefined) {
      answer(callback, liberated);
      return liberated;
    }
    optOutCall ??= request(
      `${base}/optOutStatus?d_visid_ver=${VERSION}&d_orgid=${org}&ts=${Date.now()}`,
      (body) => {
        liberated = String((body.d_optout as string) ?? "");
        setTimeout(() => (liberated = undefined), (Number(body.d_ottl) || OPT_OUT_TTL_S) * 1000);
      },
    ).finally(() => (optOutCall = undefined));
    void optOutCall.then(() => answer(callback, liberated ?? ""));
    return "";
  }

  function applyCustomerIds(entries: CustomerIdEntry[]): void {
    for (const [code, value] of entries) customerIds[code] = value;
    void ensureIdCall();
  }

  function applyServerState(state: ServerState | undefined): void {
    if (typeof state?.sdid === "string") sdids.adopt(state.sdid);
    if (state?.customerIDs) void instance.setCustomerIDs(state.customerIDs);
  }

  const instance: VisitorInstance = {
    marketingCloudOrgID: orgId,
    version: VERSION,
    FIELDS,
    getMarketingCloudVisitorID: (callback) => getField("MCMID", callback),
    getAnalyticsVisitorID: (callback) => getField("MCAID", callback),
    getOptOut: (callback) => getField("MCOPTOUT", callback),
    isOptedOut(callback, optOutType = "global") {
      getField("MCOPTOUT", (value) => answer(callback, value.split(",").includes(optOutType)));
    },
    getVisitorValues(callback, wanted) {
      const keys = wanted?.length ? wanted : Object.keys(FIELDS);
      const values: Record<string, string> = {};
      let left = keys.length;
      for (const key of keys) {
        const done = (value: string) => {
          if (value) values[key] = value;
          if (!--left) answer(callback, values);
        };
        if (key in FIELDS) getField(key, done);
        else done("");
      }
    },
    getSupplementalDataID: (consumerId, autoGenerate) =>
      sdids.get(String(consumerId), autoGenerate),
    setCustomerIDs(ids, hashType) {
      const entries = toCustomerIds(ids, hashType);
      // Without hashing the IDs apply at once, as in 5.5.0; hashing is asynchronous
      // (SubtleCrypto), so later calls queue behind it to keep their order.
      if (!pendingHashes && !entries.some(([, value]) => value.hashType)) {
        applyCustomerIds(entries);
        return hashing;
      }
      pendingHashes++;
      return (hashing = hashing
        .then(() =>
          Promise.all(
            entries.map(async ([code, value]): Promise<CustomerIdEntry> => [
              code,
              value.hashType ? { ...value, id: await hashCustomerId(value.id) } : value,
            ]),
          ),
        )
        .then(applyCustomerIds, (error) => warn("setCustomerIDs could not hash", error))
        .finally(() => pendingHashes--));
    },
    getCustomerIDs() {
      const copy: Record<string, CustomerId> = {};
      for (const code in customerIds) copy[code] = { ...customerIds[code]! };
      return copy;
    },
    appendVisitorIDsTo(url) {
      const mid = allowed() && get("MCMID");
      return typeof url === "string" && mid
        ? appendParam(
            url,
            buildAdobeMc({
              MCMID: mid,
              MCAID: get("MCAID"),
              MCORGID: orgId,
              TS: String(nowSeconds()),
            }),
          )
        : url;
    },
    isAllowed: () => allowed(),
    resetState(serverState) {
      customerIds = {};
      sentCustomerIds = 0;
      sdids.adopt();
      applyServerState(parseServerState(serverState, orgId));
    },
  };

  // Start-up: stored state, then IDs handed over by a link (`adobe_mc`) or the server.
  const serverState = parseServerState(config.serverState, orgId);
  const raw = cookies.read(amcvName);
  if (raw) fields = parseAmcv(raw, nowSeconds(), cookies.read(sessionName) === "1");
  const search = win.location.search;
  const handedOver = readAdobeMc(search, orgId, nowSeconds(), ADOBE_MC_TTL_S) ?? {};
  for (const key of ["MCMID", "MCAID"]) {
    const value = handedOver[key];
    if (value && VALID_MID.test(value) && !get(key)) set(key, value);
  }
  const sdid = readAdobeMc(search, orgId, nowSeconds(), config.sdidParamExpiry, "adobe_mc_sdid");
  if (sdid?.SDID) sdids.adopt(sdid.SDID);
  applyServerState(serverState);
  const start = () => {
    if (allowed() && !ensureIdCall(true)) save();
  };
  start();
  // When opt-in applies, identity waits for the visitor's decision (spec §6).
  optIn.on("complete", start);
  return instance;
}
