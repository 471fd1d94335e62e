import valueComparison, { type ValueComparisonSettings } from "../conditions/valueComparison.ts";

/** Core data element "Conditional Value": `conditionalValue` when the comparison holds, else `fallbackValue`. */
export default function conditionalValue(
  settings: ValueComparisonSettings & { conditionalValue?: unknown; fallbackValue?: unknown },
): unknown {
  return valueComparison(settings) ? settings.conditionalValue : settings.fallbackValue;
}
