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

type Field = "rules" | "dataElements";
const counted = new WeakMap<PropertyState, Map<Field, Map<number, number>>>();

/**
 * The stored problem count of every item of `field`, by index, counted in one pass over the
 * problems and kept per state (a list of 2,000 rules asking itemProblemCount per row would
 * walk every problem for every row).
 */
export function problemCounts(state: PropertyState, field: Field): ReadonlyMap<number, number> {
  let byField = counted.get(state);
  if (!byField) counted.set(state, (byField = new Map<Field, Map<number, number>>()));
  let counts = byField.get(field);
  if (!counts) {
    counts = new Map();
    // The same places problemsUnder takes as under `rules[3]`: itself, `.x` or `[n]` below it.
    const pattern = new RegExp(`^${field}\\[(\\d+)\\](?=$|[.[])`);
    for (const problem of storedProblemsOf(state)) {
      const match = pattern.exec(problem.path);
      if (match) counts.set(Number(match[1]), (counts.get(Number(match[1])) ?? 0) + 1);
    }
    byField.set(field, counts);
  }
  return counts;
}
