import type { PropertyState } from "@liftoff/schema";
import { problemsUnder } from "../forms/problems.ts";

/**
 * Every stored problem of one rule or data element (`rules[3]`): the build-stopping ones of an
 * enabled item, or, for a disabled one, what it needs before it can be enabled.
 */
export function storedProblemsOf(state: PropertyState) {
  return [...state.problems, ...(state.disabledProblems ?? [])];
}

/** How many stored problems the item at `field[index]` has. */
export function itemProblemCount(
  state: PropertyState,
  field: "rules" | "dataElements",
  index: number,
): number {
  return problemsUnder(storedProblemsOf(state), `${field}[${index}]`).length;
}
