/**
 * Visitor API 5.5.0 facts this package reproduces (reference: edge-protocol.md §7; spec §9).
 * Kept in one place so the numbers the spec names are easy to audit.
 */
export const VERSION = "5.5.0";

/** Spec §9: the `/id` call is abandoned after 30 s and a MID is minted locally. */
export const LOAD_TIMEOUT_MS = 30000;
/** Spec §9: one `/id` call (and so one round of ID syncs) per day, tracked by `MCIDTS`. */
export const SECONDS_PER_DAY = 86400;
/** Spec §9: an incoming `adobe_mc` parameter is honoured for 5 minutes. */
export const ADOBE_MC_TTL_S = 300;
/** Spec §9: the supplemental data ID in `adobe_mc` lives 30 s (`sdidParamExpiry`). */
export const SDID_PARAM_EXPIRY_S = 30;
/** Spec §9: opt-in storage cookie lifetime. */
export const OPT_IN_STORAGE_EXPIRY_S = 33696000;
/** Spec §9: how long the ID sync frame may take to say it is ready. */
export const HANDSHAKE_TIMEOUT_MS = 250;
/** Spec §9: the record of fired ID syncs (`MCSYNCS`) never grows past 649 characters. */
export const MAX_SYNCS_LENGTH = 649;
/** Default AMCV cookie lifetime: two years, as Visitor writes it. */
export const COOKIE_LIFETIME_S = 63072000;
/** `id_sync_ttl` default when the server sends none (seconds). */
export const ID_SYNC_TTL_S = 604800;
/** `d_ottl` default: how long an opt-out answer is trusted (seconds). */
export const OPT_OUT_TTL_S = 7200;

/** Response `d_mid` values that are accepted (reference §7). */
export const VALID_MID = /^[0-9a-fA-F-]+$/;

export const AUTH_STATE = { UNKNOWN: 0, AUTHENTICATED: 1, LOGGED_OUT: 2 } as const;
export type AuthState = 0 | 1 | 2;
