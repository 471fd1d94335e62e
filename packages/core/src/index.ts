export { default as valueComparison, operators } from "./lib/conditions/valueComparison.ts";
export type { Operator, ValueComparisonSettings } from "./lib/conditions/valueComparison.ts";
