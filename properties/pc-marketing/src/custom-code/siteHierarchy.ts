/**
 * Items of list1 (docs/analytics-mapping.md): the site hierarchy channel → section →
 * sub-section → sub-section 2, those present, as Analytics list items `{value}`.
 */
export default function siteHierarchy(levels: unknown[]): Array<{ value: string }> | undefined {
  const items = levels
    .filter((level): level is string => typeof level === "string" && level !== "")
    .map((value) => ({ value }));
  return items.length > 0 ? items : undefined;
}
