import type {
  PropertyDocument,
  PropertyProblem,
  ResourceInfo,
  ResourceSummary,
  ResourceSummaryPage,
  SummaryQuery,
} from "@liftoff/schema";
import { documentOf, type PropertySnapshot } from "./AuthoringRepository.ts";
import { ITEM_LISTS, type ItemKind } from "./propertyResources.ts";
import type { BuilderApi } from "./BuilderApi.ts";
import type { Store } from "../../store/Store.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import { resourceInfo } from "./resourceInfo.ts";
import { productionBaseOf } from "../publishing/productionBase.ts";

/** The findings of one property revision: what PropertyState and `/validation` carry. */
export interface Findings {
  problems: PropertyProblem[];
  disabledProblems: PropertyProblem[];
  warnings: PropertyProblem[];
}

/** One list row before its standing against production (which moves with publishes). */
interface Row {
  kind: ItemKind;
  id: string;
  enabled: boolean;
  index?: number;
  problemCount: number;
}

/** What is kept of one revision: its findings and its list rows (no bodies). */
interface View {
  revision: number;
  findings: Findings;
  snapshot: Omit<PropertySnapshot, "resources"> & {
    resources: Array<Omit<PropertySnapshot["resources"][number], "body">>;
  };
  rows: Map<string, Row>;
  /** The production environment's id, whose library the rows' standing is measured against. */
  productionId?: string;
}

// Revisions kept: a few properties open at once. A revision never changes, so an entry is
// never stale, only evicted (oldest first).
const KEPT = 4;

/**
 * Property-wide checks and list summaries, computed on read once per property revision and
 * kept: a save touches one item and answers that item's findings (ItemChanges); checks that
 * span the whole property (duplicates, tokens naming a data element another save disabled,
 * shared variables) and the lists are read here when someone asks for them. The revision is
 * the property's, shared by every node, so a kept view is right on any node.
 */
export class PropertyViews {
  private readonly kept = new Map<string, Promise<View>>();

  constructor(
    private readonly store: Store,
    private readonly builder: BuilderApi,
  ) {}

  /** The findings of `snapshot`'s revision (computed once). */
  async findings(snapshot: PropertySnapshot, document?: PropertyDocument): Promise<Findings> {
    return (await this.view(snapshot, document)).findings;
  }

  /** The findings of the latest revision when they are already known (never computes). */
  async knownFindings(propertyId: string, revision: number): Promise<Findings | undefined> {
    const view = this.kept.get(`${propertyId}@${revision}`);
    return view ? (await view).findings : undefined;
  }

  /** A page of the latest revision's rules or data elements. */
  async summaries(propertyId: string, query: SummaryQuery): Promise<ResourceSummaryPage> {
    const revision = await this.store.authoring.headRevision(propertyId);
    if (revision === undefined) throw apiProblems.notFound(`Property "${propertyId}"`);
    let view = await this.kept.get(`${propertyId}@${revision}`);
    if (!view) {
      const snapshot = await this.store.authoring.snapshot(propertyId);
      if (!snapshot) throw apiProblems.notFound(`Property "${propertyId}"`);
      view = await this.view(snapshot);
    }
    const base = await productionBaseOf(this.store, propertyId, view.productionId);
    const q = query.q?.trim().toLowerCase();
    const items: ResourceSummary[] = [];
    for (const r of view.snapshot.resources) {
      if (r.kind !== query.kind) continue;
      const row = view.rows.get(`${r.kind}:${r.id}`);
      const info: ResourceInfo | undefined = resourceInfo(r, base);
      if (!row || !info) continue;
      if (q && !info.name.toLowerCase().includes(q)) continue;
      if (query.enabled !== undefined && (row.enabled !== query.enabled || info.deleted)) continue;
      items.push({
        ...info,
        enabled: row.enabled,
        problemCount: row.problemCount,
        ...(row.index !== undefined ? { index: row.index } : {}),
      });
    }
    sortSummaries(items, query.sort ?? "position", query.order ?? "asc");
    const offset = query.offset ?? 0;
    return {
      revision: view.revision,
      total: items.length,
      offset,
      items: items.slice(offset, offset + (query.limit ?? 100)),
    };
  }

  private view(snapshot: PropertySnapshot, document?: PropertyDocument): Promise<View> {
    const key = `${snapshot.id}@${snapshot.revision}`;
    let view = this.kept.get(key);
    if (!view) {
      view = Promise.resolve().then(() => this.compute(snapshot, document));
      // A failed computation is not kept: the next read tries again.
      view.catch(() => this.kept.delete(key));
      this.kept.set(key, view);
      while (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    }
    return view;
  }

  private compute(snapshot: PropertySnapshot, given?: PropertyDocument): View {
    const document = given ?? documentOf(snapshot);
    const findings: Findings = {
      problems: this.builder.validateProperty(document),
      disabledProblems: this.builder.validateDisabledItems?.(document) ?? [],
      // Warnings are advice: a builder without the check still answers, with none.
      warnings: this.builder.propertyWarnings?.(document) ?? [],
    };
    const stored = [...findings.problems, ...findings.disabledProblems];
    const rows = new Map<string, Row>();
    for (const kind of ["rule", "dataElement"] as const) {
      const list = document[ITEM_LISTS[kind].field] as ReadonlyArray<{
        id: string;
        enabled?: boolean;
      }>;
      const counts = countsByIndex(stored, ITEM_LISTS[kind].field);
      list.forEach((item, index) =>
        rows.set(`${kind}:${item.id}`, {
          kind,
          id: item.id,
          enabled: item.enabled !== false,
          index,
          problemCount: counts.get(index) ?? 0,
        }),
      );
    }
    // Deleted items keep a row (restorable), with the enabled flag they were deleted with.
    for (const r of snapshot.resources)
      if (r.deleted && (r.kind === "rule" || r.kind === "dataElement"))
        rows.set(`${r.kind}:${r.id}`, {
          kind: r.kind,
          id: r.id,
          enabled: (r.body as { enabled?: boolean }).enabled !== false,
          problemCount: 0,
        });
    const { resources, ...meta } = snapshot;
    const productionId = document.environments.find((e) => e.stage === "production")?.id;
    return {
      revision: snapshot.revision,
      ...(productionId ? { productionId } : {}),
      findings,
      snapshot: { ...meta, resources: resources.map(({ body: _body, ...rest }) => rest) },
      rows,
    };
  }
}

/** Problems per item index of one list (`rules[12]…` counts for 12), in one pass. */
function countsByIndex(problems: PropertyProblem[], field: string): Map<number, number> {
  const counts = new Map<number, number>();
  const prefix = `${field}[`;
  for (const p of problems) {
    if (!p.path.startsWith(prefix)) continue;
    const index = Number.parseInt(p.path.slice(prefix.length), 10);
    if (Number.isInteger(index)) counts.set(index, (counts.get(index) ?? 0) + 1);
  }
  return counts;
}

function sortSummaries(
  items: ResourceSummary[],
  sort: NonNullable<SummaryQuery["sort"]>,
  order: "asc" | "desc",
): void {
  const direction = order === "desc" ? -1 : 1;
  const key: Record<typeof sort, (s: ResourceSummary) => number | string> = {
    position: (s) => s.index ?? Number.MAX_SAFE_INTEGER,
    name: (s) => s.name.toLowerCase(),
    updatedAt: (s) => s.updatedAt,
    problems: (s) => s.problemCount,
  };
  const by = key[sort];
  items.sort((a, b) => {
    const x = by(a);
    const y = by(b);
    // Ties keep document order, so paging is stable.
    return x < y ? -direction : x > y ? direction : (a.index ?? 0) - (b.index ?? 0);
  });
}
