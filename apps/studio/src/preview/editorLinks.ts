const base = (pid: string) => `/properties/${encodeURIComponent(pid)}`;

/** Where a rule is edited; with a component, its card's heading in the rule editor. */
export function ruleLink(
  pid: string,
  ruleId: string,
  component?: { kind: "conditions" | "actions"; index: number },
): string {
  const rule = `${base(pid)}/rules/${encodeURIComponent(ruleId)}`;
  return component ? `${rule}#${component.kind}-${component.index}-title` : rule;
}

export const dataElementLink = (pid: string, id: string) =>
  `${base(pid)}/data-elements/${encodeURIComponent(id)}`;
