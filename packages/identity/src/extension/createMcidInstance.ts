import type { VisitorInstance } from "../createVisitor.ts";
import createVisitorNamespace, {
  type AdobeNamespace,
  type VisitorNamespace,
} from "../createVisitorNamespace.ts";
import toVisitorConfig from "./toVisitorConfig.ts";

/** The parts of Launch's `turbine` free variable this extension uses (launch-container.md §2.2). */
export interface Turbine {
  getExtensionSettings(): Record<string, unknown>;
  logger: { info(message: string): void; warn(message: string): void };
}

export type MarketingCloudWindow = Window & {
  Visitor?: VisitorNamespace;
  adobe?: AdobeNamespace;
  _satellite?: Record<string, unknown>;
};

/** The ECID extension wrapper's own error (edge-protocol.md §7, spec §8). */
export const ORG_ID_NOT_STRING = "Org ID is not a string.";

/**
 * The Experience Cloud ID extension's shared instance: `Visitor.getInstance(orgId, config)`
 * from the extension settings `{ orgId, variables: [{ name, value }] }`, reusing a
 * `window.Visitor` the page already loaded (so page code and rules share one instance per
 * org), and `_satellite.getVisitorId()` returning it. A non-string org ID throws, which the
 * runtime reports as a module initialisation error, as Launch does.
 */
export default function createMcidInstance(
  turbine: Turbine,
  win: MarketingCloudWindow,
): VisitorInstance {
  const settings = turbine.getExtensionSettings();
  const orgId = settings.orgId;
  if (typeof orgId !== "string") throw new Error(ORG_ID_NOT_STRING);
  const config = toVisitorConfig(settings.variables, (message) => turbine.logger.warn(message));
  const Visitor = win.Visitor?.getInstance
    ? win.Visitor
    : (win.Visitor = createVisitorNamespace(win));
  const instance = Visitor.getInstance(orgId, config);
  turbine.logger.info(`Created instance using orgId: "${orgId}"`);
  const satellite = (win._satellite ??= {});
  satellite.getVisitorId = () => instance;
  return instance;
}
