import {
  GENERIC_REPORT_FIELDS,
  type PropertyReport,
  type PropertyReporting,
  type ReportField,
} from "@liftoff/schema";

/** A property without `settings.reporting` edits an empty mapping. */
export const emptyReporting = (): PropertyReporting => ({ fields: [], reports: [] });

/**
 * A required number the author has not typed yet. The draft may hold what the mapping's type
 * forbids (that is what the checker's problems are for); JSON leaves it out, so the server
 * answers "is required" for it too.
 */
export const NOT_TYPED = undefined as unknown as number;

export const newField = (): ReportField => ({ name: "", label: "", paths: [""] });

/**
 * A new report of `kind`, keeping what both kinds share (name, title, label column) from
 * `from` when the author switches kind, so changing one's mind costs no typing. A new `top`
 * report groups by the property's first field (or the page name) and counts events: the
 * smallest report that runs.
 */
export function newReport(
  kind: PropertyReport["kind"],
  fields: readonly ReportField[],
  from?: PropertyReport,
): PropertyReport {
  const common = { name: from?.name ?? "", title: from?.title ?? "" };
  if (kind === "steps")
    return {
      kind,
      ...common,
      labelName: from?.labelName ?? "step",
      steps: [{ name: "", eventNumber: NOT_TYPED }],
    };
  return {
    kind,
    ...common,
    label: [fields[0]?.name || GENERIC_REPORT_FIELDS[0].name],
    labelName: from?.labelName ?? "value",
    measures: [{ name: "events", of: "events" }],
  };
}

/** `list` with the entry at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** `list` with the entry at `index` replaced. */
export const replaced = <T>(list: readonly T[], index: number, item: T): T[] =>
  list.map((x, i) => (i === index ? item : x));

/**
 * A number box's value for the mapping: empty (or not a number yet) is absent, which the
 * checker calls "is required" where a number must be; anything else is kept as typed, so a
 * 0 or 1.5 is shown with the checker's words rather than silently dropped.
 */
export const numberOf = (input: HTMLInputElement): number | undefined =>
  input.value === "" || Number.isNaN(input.valueAsNumber) ? undefined : input.valueAsNumber;

/**
 * The mapping to send: absent when the property never had one and the author added nothing,
 * so saving other settings does not write an empty mapping into the property document.
 */
export function reportingToSave(
  draft: PropertyReporting,
  initial: PropertyReporting | undefined,
): PropertyReporting | undefined {
  if (initial === undefined && draft.fields.length === 0 && draft.reports.length === 0)
    return undefined;
  return draft;
}
