import { env } from "../env.ts";
import type { RuleEvent } from "../types.ts";

interface Satellite {
  environment?: { stage?: string };
  property?: { name?: string; id?: string };
}

const read: Record<string, (s: Satellite, e: RuleEvent | undefined) => unknown> = {
  environmentStage: (s) => s.environment?.stage,
  buildDate: () => env.turbine.buildInfo?.buildDate,
  propertyName: (s) => s.property?.name,
  propertyId: (s) => s.property?.id,
  ruleName: (_, e) => e?.$rule?.name,
  ruleId: (_, e) => e?.$rule?.id,
  eventType: (_, e) => e?.$type,
  eventDetail: (_, e) => e?.detail,
  DCRIdentifier: (_, e) => e?.identifier,
};

/** Core data element "Runtime Environment": library and rule facts (reference §5.4). */
export default function runtimeEnvironment(
  settings: { attribute?: string },
  event?: RuleEvent,
): unknown {
  const get = read[settings.attribute as string];
  if (!get) throw new Error(`settings.attribute must be one of ${Object.keys(read).join(", ")}.`);
  return get((window as unknown as { _satellite: Satellite })._satellite, event);
}
