import type { AuditEntry, LibraryInfo, PropertyState, ResourceKind } from "@liftoff/schema";

/** What the studio knows of one property, to name an audit entry's target. */
export interface AuditKnown {
  state: PropertyState;
  libraries: LibraryInfo[];
}

/** An audit target for people: the item's name, and where it is shown when it still exists. */
export interface AuditTargetView {
  text: string;
  to?: string;
}

const EDITED: Partial<Record<string, { kind: ResourceKind; section: (id: string) => string }>> = {
  rule: { kind: "rule", section: (id) => `rules/${encodeURIComponent(id)}` },
  dataElement: { kind: "dataElement", section: (id) => `data-elements/${encodeURIComponent(id)}` },
  extension: { kind: "extension", section: () => "extensions" },
  environment: { kind: "environment", section: () => "environments" },
};

/** The name an entry recorded itself: a library's `name`, or the quoted name in its summary. */
function recordedName(entry: AuditEntry): string | undefined {
  const detail = (entry.detail ?? {}) as { name?: unknown; summary?: unknown };
  if (typeof detail.name === "string") return detail.name;
  if (typeof detail.summary !== "string") return undefined;
  return /"([^"]+)"/.exec(detail.summary)?.[1];
}

const gone = (entry: AuditEntry): AuditTargetView => ({
  text: `${recordedName(entry) ?? entry.target ?? ""} (deleted)`,
});

/**
 * Names an audit entry's target (`RL…`, `LB…`, a component id) with a link to the item; an item
 * that no longer exists is named as the entry recorded it, marked "(deleted)". Targets that are
 * names already (users, sessions) are shown as they are.
 */
export function auditTarget(entry: AuditEntry, known: AuditKnown | undefined): AuditTargetView {
  const target = entry.target ?? "";
  const pid = entry.propertyId;
  if (!pid || !known || !target) return { text: target };
  const base = `/properties/${encodeURIComponent(pid)}/`;
  const [prefix, second] = entry.action.split(".");
  if (prefix === "library") {
    const library = known.libraries.find((l) => l.id === target);
    return library
      ? { text: library.name, to: `${base}libraries/${encodeURIComponent(target)}` }
      : gone(entry);
  }
  if (prefix === "property")
    return { text: known.state.document.property.name, to: `${base}settings` };
  if (prefix === "rule" && second === "component") {
    const rule = known.state.document.rules.find((r) =>
      [...r.events, ...(r.conditions ?? []), ...(r.actions ?? [])].some((c) => c.id === target),
    );
    return rule
      ? { text: rule.name, to: base + `rules/${encodeURIComponent(rule.id)}` }
      : gone(entry);
  }
  const edited = prefix ? EDITED[prefix] : undefined;
  if (!edited) return { text: target };
  const resource = known.state.resources.find((r) => r.kind === edited.kind && r.id === target);
  if (!resource) return gone(entry);
  const text = resource.deleted ? `${resource.name} (deleted)` : resource.name;
  return { text, to: base + edited.section(target) };
}
