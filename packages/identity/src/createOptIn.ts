import type { Cookies } from "./createCookies.ts";
import toCategories, {
  ALL_CATEGORIES,
  OPT_IN_CATEGORIES,
  OPT_IN_STATUS,
} from "./optInCategories.ts";

export type Permissions = Record<string, boolean>;
type Listener = (permissions: Permissions) => void;

export interface OptInConfig {
  doesOptInApply?: boolean | (() => boolean);
  preOptInApprovals?: Record<string, boolean>;
  previousPermissions?: Record<string, boolean>;
  isOptInStorageEnabled?: boolean;
  optInCookieDomain?: string;
  optInStorageExpiry: number;
  isIabContext?: boolean;
}

export interface OptIn {
  readonly Categories: typeof OPT_IN_CATEGORIES;
  readonly doesOptInApply: boolean;
  readonly isIabContext: boolean;
  readonly permissions: Permissions;
  readonly status: string;
  readonly isPending: boolean;
  readonly isComplete: boolean;
  approve(categories: string | string[], shouldWaitForComplete?: boolean): void;
  deny(categories: string | string[], shouldWaitForComplete?: boolean): void;
  approveAll(): void;
  denyAll(): void;
  complete(): void;
  isApproved(categories: string | string[]): boolean;
  isPreApproved(categories: string | string[]): boolean;
  fetchPermissions(callback: Listener, autoSubscribe?: boolean): Permissions;
  on(event: string, callback: Listener): void;
  off(event: string, callback: Listener): void;
}

/** The storage cookie (reference §7): the permissions as JSON, when storage is enabled. */
export const OPT_IN_COOKIE = "adobeujs-optin";

const COMPLETE = OPT_IN_STATUS.COMPLETE;

function pick(source: unknown): Permissions {
  const out: Permissions = {};
  if (source && typeof source === "object")
    for (const category of ALL_CATEGORIES) {
      const value = (source as Record<string, unknown>)[category];
      if (typeof value === "boolean") out[category] = value;
    }
  return out;
}

/**
 * `adobe.optIn` (spec §4, §5): per category approved or denied, an overall status
 * pending → changed → complete, and `complete` listeners (the Visitor instance is one: it
 * waits for ecid before calling `/id`). When opt-in does not apply, every category counts
 * as approved and the status stays pending, as in 5.5.0.
 *
 * With `shouldWaitForComplete`, decisions are staged (status `changed`) and take effect
 * together on `complete()`, so a consent dialog can set several categories and release
 * identity calls once.
 *
 * @example adobe.optIn.approve([adobe.OptInCategories.ECID, "aa"], true); adobe.optIn.complete();
 */
export default function createOptIn(
  config: OptInConfig,
  cookies: Cookies,
  report: (error: unknown) => void,
): OptIn {
  let applies = !!config.doesOptInApply;
  try {
    if (typeof config.doesOptInApply === "function") applies = !!config.doesOptInApply();
  } catch (error) {
    report(error);
  }
  const listeners: Record<string, Listener[]> = {};
  const preApproved = pick(config.preOptInApprovals);
  let stored: Permissions = {};
  try {
    if (config.isOptInStorageEnabled) stored = pick(JSON.parse(cookies.read(OPT_IN_COOKIE)!));
  } catch {
    // No cookie or a damaged one means no stored decision, not a broken page.
  }
  const previous = pick(config.previousPermissions);
  const permissions: Permissions = {};
  for (const category of ALL_CATEGORIES) permissions[category] = !applies;
  if (applies) Object.assign(permissions, preApproved, stored, previous);
  let staged: Permissions = {};
  let status: string =
    applies && Object.keys({ ...stored, ...previous }).length ? COMPLETE : OPT_IN_STATUS.PENDING;
  const copy = () => ({ ...permissions });

  function complete(): void {
    Object.assign(permissions, staged);
    staged = {};
    status = COMPLETE;
    if (config.isOptInStorageEnabled)
      cookies.write(
        OPT_IN_COOKIE,
        JSON.stringify(permissions),
        config.optInStorageExpiry,
        config.optInCookieDomain,
      );
    for (const listener of (listeners.complete ?? []).slice())
      try {
        listener(copy());
      } catch (error) {
        report(error);
      }
  }

  function decide(value: boolean) {
    return (categories: string | string[], shouldWaitForComplete?: boolean): void => {
      for (const category of toCategories(categories)) staged[category] = value;
      if (!applies) staged = {};
      else if (shouldWaitForComplete) status = OPT_IN_STATUS.CHANGED;
      else complete();
    };
  }

  function on(event: string, callback: Listener): void {
    if (typeof callback === "function") (listeners[event] ??= []).push(callback);
  }

  function off(event: string, callback: Listener): void {
    listeners[event] = (listeners[event] ?? []).filter((l) => l !== callback);
  }

  const approve = decide(true);
  const deny = decide(false);
  const every = (categories: string | string[], source: Permissions) =>
    toCategories(categories).every((c) => source[c]);

  return {
    Categories: OPT_IN_CATEGORIES,
    doesOptInApply: applies,
    isIabContext: !!config.isIabContext,
    get permissions() {
      return copy();
    },
    get status() {
      return status;
    },
    get isPending() {
      return status === OPT_IN_STATUS.PENDING;
    },
    get isComplete() {
      return status === COMPLETE;
    },
    approve,
    deny,
    approveAll: () => approve(ALL_CATEGORIES),
    denyAll: () => deny(ALL_CATEGORIES),
    complete,
    isApproved: (categories) => every(categories, permissions),
    isPreApproved: (categories) => every(categories, preApproved),
    fetchPermissions(callback, autoSubscribe) {
      const now = !applies || status === COMPLETE;
      if (now) callback?.(copy());
      const once: Listener = (p) => {
        off("complete", once);
        callback(p);
      };
      if (autoSubscribe || !now) on("complete", autoSubscribe ? callback : once);
      return copy();
    },
    on,
    off,
  };
}
