import { AUTH_STATE, VERSION } from "./constants.ts";
import createCookies from "./createCookies.ts";
import createOptIn, { type OptIn } from "./createOptIn.ts";
import createVisitor, { type VisitorInstance } from "./createVisitor.ts";
import normalizeConfig from "./normalizeConfig.ts";
import { OPT_IN_CATEGORIES } from "./optInCategories.ts";

export const MISSING_ORG_ID = "Visitor requires Adobe Marketing Cloud Org ID.";
export const USE_GET_INSTANCE = "Please use `Visitor.getInstance` to instantiate Visitor.";

/** `window.Visitor`: not callable itself; instances come from `getInstance`. */
export interface VisitorNamespace {
  (): never;
  getInstance(orgId: string, config?: Record<string, unknown>): VisitorInstance;
  readonly version: string;
  readonly AuthState: typeof AUTH_STATE;
  readonly OptOut: { GLOBAL: "global" };
}

export interface AdobeNamespace {
  optIn?: OptIn;
  OptInCategories?: typeof OPT_IN_CATEGORIES;
}

/**
 * Builds `Visitor` for a window: `Visitor.getInstance(orgId, config)` returns one instance
 * per org (`@AdobeOrg` appended when the ID has no `@`), and the first call creates
 * `adobe.optIn` from that config, as 5.5.0 does. Errors use 5.5.0's exact messages
 * (spec §8).
 *
 * @example const visitor = Visitor.getInstance("ABC123@AdobeOrg", { loadTimeout: 5000 });
 *          visitor.getMarketingCloudVisitorID((mid) => console.log(mid));
 */
export default function createVisitorNamespace(
  win: Window & { adobe?: AdobeNamespace },
): VisitorNamespace {
  const instances: Record<string, VisitorInstance> = {};
  const adobe = (win.adobe ??= {});
  adobe.OptInCategories = OPT_IN_CATEGORIES;
  // Problems are logged, never thrown at the page: identity must not break the site.
  const warn = (message: string, error?: unknown) =>
    console.warn(`[Visitor] ${message}`, error ?? "");

  const Visitor = function () {
    throw new Error(USE_GET_INSTANCE);
  } as unknown as VisitorNamespace;

  function getInstance(orgId: string, input?: Record<string, unknown>): VisitorInstance {
    if (!orgId || typeof orgId !== "string") throw new Error(MISSING_ORG_ID);
    const org = orgId.includes("@") ? orgId : `${orgId}@AdobeOrg`;
    const existing = instances[org];
    if (existing) return existing;
    const config = normalizeConfig(input, warn);
    const optIn = (adobe.optIn ??= createOptIn(config, createCookies(win.document, {}), (error) =>
      warn("A callback threw", error),
    ));
    return (instances[org] = createVisitor({ win, orgId: org, config, optIn, warn }));
  }

  return Object.assign(Visitor, {
    getInstance,
    version: VERSION,
    AuthState: AUTH_STATE,
    OptOut: { GLOBAL: "global" as const },
  });
}
