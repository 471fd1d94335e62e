import type { VisitorInstance } from "../../createVisitor.ts";
import type { Turbine } from "../createMcidInstance.ts";

export interface CustomerIdSetting {
  integrationCode?: unknown;
  /** Usually a `%data element%` token, resolved before the action runs. */
  value?: unknown;
  authState?: unknown;
  /** "SHA-256", or "" for none (as Launch's form stores it). */
  hashType?: unknown;
}

const filled = (value: unknown): value is string => typeof value === "string" && value !== "";

/**
 * `[{integrationCode, value, authState, hashType}]` → `{code: {id, authState, hashType}}`. A
 * row without a code or a value (a data element that has none yet) is left out and named in
 * one warning, as Launch's action does, so one empty id does not stop the others.
 */
export function toCustomerIdMap(
  rows: CustomerIdSetting[],
  warn: (message: string) => void,
): Record<string, { id: string; authState?: unknown; hashType?: string }> {
  const ids: Record<string, { id: string; authState?: unknown; hashType?: string }> = {};
  const rejected: CustomerIdSetting[] = [];
  for (const row of rows) {
    if (!filled(row.integrationCode) || !filled(row.value)) {
      rejected.push(row);
      continue;
    }
    ids[row.integrationCode] = {
      id: row.value,
      ...(row.authState === undefined ? {} : { authState: row.authState }),
      ...(filled(row.hashType) ? { hashType: row.hashType } : {}),
    };
  }
  if (rejected.length) warn(`Rejected these customer ids: ${JSON.stringify(rejected)}`);
  return ids;
}

/**
 * Action "Set Customer IDs" (Launch: `adobe-mcid/src/lib/actions/setCustomerIds.js`): hands
 * the rows of its settings to the Visitor instance's `setCustomerIDs`, which sends them with
 * the next `/id` call (hashed first when a row asks for SHA-256).
 */
export default function setCustomerIds(
  module: { exports: unknown },
  _exports: unknown,
  require: (path: string) => unknown,
  turbine: Turbine,
): void {
  const instance = require("../sharedModules/mcidInstance.js") as VisitorInstance | undefined;
  module.exports = (settings: { customerIds?: CustomerIdSetting[] }) => {
    if (!instance) {
      turbine.logger.warn("MCID instance cannot be found. Cannot set Customer IDs.");
      return;
    }
    const ids = toCustomerIdMap(settings.customerIds ?? [], (m) => turbine.logger.warn(m));
    void instance.setCustomerIDs(ids);
    turbine.logger.info(`Set Customer IDs: ${JSON.stringify(ids)}`);
  };
}
