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
}

export interface OptIn {
  readonly Categories: typeof OPT_IN_CATEGORIES;
  readonly doesOptInApply: boolean;
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

const { PENDING, CHANGED, COMPLETE } = OPT_IN_STATUS;

/**
 * `adobe.optIn` (spec §4, §5): per category approved or denied, an overall status
 * pending → changed → complete, and `complete` listeners (the Visitor instance is one: it
 * waits for ecid before calling `/id`). When opt-in does not apply, every category counts
 * as approved and the status stays pending, as in 5.5.0. The first boolean found per
 * category wins: `previousPermissions`, then the storage cookie, then `preOptInApprovals`
 * (the visitor's own choices overwrite the organisation's defaults).
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
  let stored: Record<string, unknown> = {};
  try {
    if (typeof config.doesOptInApply === "function") applies = !!config.doesOptInApply();
    const cookie = config.isOptInStorageEnabled && cookies.read(OPT_IN_COOKIE);
    if (cookie) stored = JSON.parse(cookie) as Record<string, unknown>;
  } catch (error) {
    // A throwing doesOptInApply or a damaged cookie must not break the page.
    report(error);
  }
  const listeners: Record<string, Listener[]> = {};
  const preApproved: Permissions = {};
  const permissions: Permissions = {};
  let decided = false;
  for (const category of ALL_CATEGORIES) {
    const choice = [config.previousPermissions?.[category], stored?.[category]].find(
      (v): v is boolean => typeof v === "boolean",
    );
    decided ||= choice !== undefined;
    preApproved[category] = config.preOptInApprovals?.[category] === true;
    permissions[category] = !applies || (choice ?? preApproved[category]);
  }
  let staged: Permissions = {};
  let status: string = applies && decided ? COMPLETE : PENDING;
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
      else if (shouldWaitForComplete) status = CHANGED;
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
    get permissions() {
      return copy();
    },
    get status() {
      return status;
    },
    get isPending() {
      return status === PENDING;
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
