import { LOAD_TIMEOUT_MS, OPT_IN_STORAGE_EXPIRY_S, SDID_PARAM_EXPIRY_S } from "./constants.ts";

/** The Visitor 5.5.0 config, after `normalizeConfig` (reference §7, "Config keys"). */
export interface VisitorConfig {
  marketingCloudServer: string;
  marketingCloudServerSecure?: string;
  cookieDomain?: string;
  cookieLifetime?: string | number;
  secureCookie?: boolean;
  sameSiteCookie?: string;
  doesOptInApply?: boolean | (() => boolean);
  isOptInStorageEnabled?: boolean;
  optInCookieDomain?: string;
  optInStorageExpiry: number;
  preOptInApprovals?: Record<string, boolean>;
  previousPermissions?: Record<string, boolean>;
  idSyncAttachIframeOnWindowLoad?: boolean;
  idSyncContainerID: number;
  idSyncDisableSyncs?: boolean;
  disableIdSyncs?: boolean;
  disableThirdPartyCookies: boolean;
  loadSSL: boolean;
  loadTimeout: number;
  sdidParamExpiry: number;
  serverState?: string | Record<string, unknown>;
}

// The 5.5.0 keys this implementation reads, by the types they accept. The other 5.5.0 keys
// (reference §7) change nothing here, so they are dropped with the unknown ones;
// docs/identity.md lists them.
const KEYS: Record<string, string> = {
  string:
    "marketingCloudServer marketingCloudServerSecure cookieDomain sameSiteCookie " +
    "optInCookieDomain",
  number: "loadTimeout idSyncContainerID sdidParamExpiry optInStorageExpiry",
  boolean:
    "loadSSL secureCookie disableThirdPartyCookies isOptInStorageEnabled idSyncDisableSyncs " +
    "disableIdSyncs",
  object: "preOptInApprovals previousPermissions",
  "boolean or function": "doesOptInApply",
  "string or object": "serverState",
  "string or number": "cookieLifetime",
};

/**
 * Keeps the 5.5.0 config keys (anything else is dropped, as Visitor does), checks each
 * value's type and fills the defaults. A value of the wrong type is reported with its key
 * and ignored, so one typo never stops identity on the page.
 */
export default function normalizeConfig(
  input: unknown,
  warn: (message: string) => void,
): VisitorConfig {
  const config: Record<string, unknown> = {
    marketingCloudServer: "dpm.demdex.net",
    loadSSL: true,
    loadTimeout: LOAD_TIMEOUT_MS,
    idSyncContainerID: 0,
    sdidParamExpiry: SDID_PARAM_EXPIRY_S,
    optInStorageExpiry: OPT_IN_STORAGE_EXPIRY_S,
    // Spec §9: third-party cookies are disabled unless the page asks for them.
    disableThirdPartyCookies: true,
  };
  const source = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  for (const type in KEYS)
    for (const key of KEYS[type]!.split(" ")) {
      const value = source[key];
      if (value === undefined || value === null) continue;
      // Numbers must not be negative or NaN (NaN fails `>= 0` too).
      if (
        type.split(" or ").includes(typeof value) &&
        !(typeof value === "number" && !(value >= 0))
      )
        config[key] = value;
      else warn(`Ignoring config "${key}": expected type ${type}, got ${JSON.stringify(value)}.`);
    }
  return config as unknown as VisitorConfig;
}
