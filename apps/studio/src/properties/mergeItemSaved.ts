import type {
  ItemState,
  PropertyDataElement,
  PropertyProblem,
  PropertyRule,
  PropertyState,
} from "@liftoff/schema";
import { problemsUnder } from "../forms/problems.ts";

type Field = "rules" | "dataElements";
type Item = PropertyRule | PropertyDataElement;

/** True when a change's answer is one item (ItemSaved/ItemState), not a whole PropertyState. */
export function isItemAnswer(answer: PropertyState | ItemState): answer is ItemState {
  return "item" in answer && "index" in answer;
}

const isUnder = (problem: PropertyProblem, prefix: string) =>
  problemsUnder([problem], prefix).length > 0;

/**
 * Moves the findings of items at or after `from` in `field` by `by` (−1 after a removal, +1
 * after an insertion), so `rules[13].events[0]` follows its rule when rule 12 leaves.
 */
function shiftFindings(
  findings: readonly PropertyProblem[],
  field: Field,
  from: number,
  by: number,
): PropertyProblem[] {
  const pattern = new RegExp(`^${field}\\[(\\d+)\\]`);
  return findings.map((p) => {
    const match = pattern.exec(p.path);
    const index = match ? Number(match[1]) : -1;
    if (index < from) return p;
    return { ...p, path: `${field}[${index + by}]${p.path.slice(match![0].length)}` };
  });
}

interface Findings {
  problems: PropertyProblem[];
  disabledProblems: PropertyProblem[];
  warnings: PropertyProblem[];
}
const mapFindings = (findings: Findings, f: (list: PropertyProblem[]) => PropertyProblem[]) =>
  ({
    problems: f(findings.problems),
    disabledProblems: f(findings.disabledProblems),
    warnings: f(findings.warnings),
  }) satisfies Findings;

/**
 * The cached property with one item's answer merged in (`PUT …/rules/:id` answers ItemSaved,
 * `GET …/items/:kind/:id` ItemState), so a save at 2,000 rules moves one item, not the whole
 * property: the item replaces (or joins, or leaves) `document.rules`/`dataElements` at its
 * `index`, its ResourceInfo replaces the cached one (a deleted item's stays, so it can be
 * restored), its own findings replace those under its old path, and a removal shifts the paths
 * of later items' findings down by one. Property-wide findings that other items owe to this
 * change (a rule naming a data element just disabled) come later from `/validation`.
 * Merging the same answer twice gives the same state.
 */
export function mergeItemSaved(state: PropertyState, answer: ItemState): PropertyState {
  const field: Field = answer.resource.kind === "rule" ? "rules" : "dataElements";
  const id = answer.resource.id;
  const items: Item[] = [...state.document[field]];
  let findings: Findings = {
    problems: state.problems,
    disabledProblems: state.disabledProblems ?? [],
    warnings: state.warnings ?? [],
  };

  // Out with the cached version (and its findings), wherever it stood…
  const was = items.findIndex((item) => item.id === id);
  const prefix = `${field}[${was}]`;
  // A save's answer has no warnings (they need the whole property): the item keeps its
  // cached ones until `/validation` brings the new.
  const keptWarnings =
    was >= 0 && !answer.warnings ? findings.warnings.filter((p) => isUnder(p, prefix)) : [];
  if (was >= 0) {
    findings = mapFindings(findings, (list) => list.filter((p) => !isUnder(p, prefix)));
    items.splice(was, 1);
    findings = mapFindings(findings, (list) => shiftFindings(list, field, was + 1, -1));
  }
  // …then in with the answer's at its index, later items' findings making room.
  if (answer.item) {
    const at = Math.min(answer.index, items.length);
    findings = mapFindings(findings, (list) => shiftFindings(list, field, at, 1));
    items.splice(at, 0, answer.item);
    // The answer's paths name its index; were it past the end here, they follow the item.
    const own = (list: PropertyProblem[]) =>
      shiftFindings(list, field, answer.index, at - answer.index);
    findings = {
      problems: [...findings.problems, ...own(answer.problems)],
      disabledProblems: [...findings.disabledProblems, ...own(answer.disabledProblems)],
      warnings: [
        ...findings.warnings,
        ...(answer.warnings
          ? own(answer.warnings)
          : keptWarnings.map((p) => ({
              ...p,
              path: `${field}[${at}]${p.path.slice(prefix.length)}`,
            }))),
      ],
    };
  }

  const resources = [...state.resources];
  const r = resources.findIndex((x) => x.kind === answer.resource.kind && x.id === id);
  if (r >= 0) resources[r] = answer.resource;
  else resources.push(answer.resource);

  return {
    ...state,
    revision: answer.revision,
    updatedAt: answer.updatedAt,
    updatedBy: answer.updatedBy,
    document: { ...state.document, [field]: items },
    resources,
    ...findings,
  };
}
