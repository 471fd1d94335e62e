import {
  isPlainObject,
  tokenNames,
  ValidationError,
  ValidationErrors,
  type ItemSaved,
  type ItemState,
  type PropertyDataElement,
  type PropertyDocument,
  type PropertyPlatform,
  type PropertyProblem,
  type PropertyRule,
  type ResourceRef,
} from "@liftoff/schema";
import {
  documentOf,
  type PropertySnapshot,
  type ResourceWrite,
  type StoredResource,
} from "./AuthoringRepository.ts";
import type { BuilderApi } from "./BuilderApi.ts";
import type { Store } from "../../store/Store.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import { publishPropertyChange } from "./propertyChangeRoutes.ts";
import { ITEM_LISTS, type ItemKind } from "./propertyResources.ts";
import { refuseItemProblems } from "./refuseItemProblems.ts";
import { resourceInfo } from "./resourceInfo.ts";
import {
  asBadRequest,
  auditChange,
  refuseMoved,
  type ChangeNote,
  type Expectation,
  type PropertyService,
} from "./PropertyService.ts";
import type { PropertyViews } from "./PropertyViews.ts";
import productionBase from "../publishing/productionBase.ts";

type Item = PropertyRule | PropertyDataElement;

// As PropertyService.change: a save that loses a race for its resource reads again.
const ATTEMPTS = 3;
// Token chains longer than this are not followed further (the runtime stops at ten steps).
const CHAIN_ROUNDS = 20;

/**
 * Every data element name that a token in any string of `value` names: `%name%` on a web
 * property, `{{name}}` on an event forwarding one.
 */
function namesIn(
  value: unknown,
  platform: PropertyPlatform,
  into = new Set<string>(),
): Set<string> {
  if (typeof value === "string") for (const name of tokenNames(value, platform)) into.add(name);
  else if (Array.isArray(value)) for (const entry of value) namesIn(entry, platform, into);
  else if (isPlainObject(value))
    for (const entry of Object.values(value)) namesIn(entry, platform, into);
  return into;
}

const listOf = (document: PropertyDocument, kind: ItemKind) =>
  document[ITEM_LISTS[kind].field] as unknown as Item[];

/** `rules[3].events[0]` → `rules[12].events[0]` when the item sits at 3 here and 12 in all. */
function findingsAt(
  problems: PropertyProblem[],
  kind: ItemKind,
  here: number,
  index: number,
): PropertyProblem[] {
  const prefix = `${ITEM_LISTS[kind].field}[${here}]`;
  return problems
    .filter((p) => p.path === prefix || p.path.startsWith(`${prefix}.`))
    .map((p) => ({
      ...p,
      path: `${ITEM_LISTS[kind].field}[${index}]${p.path.slice(prefix.length)}`,
    }));
}

/**
 * Changes of one rule or data element that cost what they touch: the change is applied to the
 * part of the property its checks need (settings, environments, extensions, the item and the
 * data elements its tokens lead to), one resource revision is written, and the answer is that
 * item with its own findings (ItemSaved). Whole-property checks are PropertyViews', read
 * when asked for. Names stay unique through one indexed lookup instead of the whole list.
 */
export class ItemChanges {
  constructor(
    private readonly store: Store,
    private readonly builder: BuilderApi,
    private readonly properties: PropertyService,
    private readonly views: PropertyViews,
  ) {}

  /** The item as an editor opens it (`GET …/items/:kind/:id`). */
  async read(propertyId: string, ref: ResourceRef & { kind: ItemKind }): Promise<ItemState> {
    const head = await this.part(propertyId, ref);
    const stored = head.resources.find((r) => r.kind === ref.kind && r.id === ref.id);
    if (!stored) throw apiProblems.notFound(`${ITEM_LISTS[ref.kind].label} "${ref.id}"`);
    const document = documentOf(head);
    await this.addNamedDataElements(propertyId, document, ref);
    const state = await this.stateOf(propertyId, ref, document, head);
    const known = await this.views.knownFindings(propertyId, head.revision);
    if (!known) return state;
    return {
      ...state,
      warnings: findingsAt(known.warnings, ref.kind, state.index, state.index),
    };
  }

  /**
   * Applies `change` to the item's part of the property and saves the item as one property
   * revision. The lock and the checks are PropertyService.change's, item-sized; a change
   * that changes nothing saves nothing.
   */
  async change(
    propertyId: string,
    user: string,
    expectation: Expectation & { ref: { kind: ItemKind } },
    change: (document: PropertyDocument, head: PropertySnapshot) => ChangeNote,
  ): Promise<ItemSaved> {
    const ref = expectation.ref;
    for (let attempt = 1; ; attempt++) {
      const head = await this.part(propertyId, ref);
      refuseMoved(head, [expectation]);
      const before = head.resources.find((r) => r.kind === ref.kind && r.id === ref.id);
      const draft = structuredClone(documentOf(head));
      const note = change(draft, head);
      await this.addNamedDataElements(propertyId, draft, ref);
      const document = await this.parse(propertyId, draft, ref, before);
      const item = listOf(document, ref.kind).find((i) => i.id === ref.id);
      const bodyPath = note.checked?.find((c) => c.id === ref.id)?.bodyPath ?? ref.kind;
      if (item) await this.refuseTakenName(propertyId, ref, item, before, `${bodyPath}.name`);
      for (const checked of note.checked ?? [])
        refuseItemProblems(this.builder, document, checked.kind, checked.id, checked.bodyPath);
      const write = writeOf(ref, before, item);
      if (!write)
        return {
          ...(await this.stateOf(propertyId, ref, document, head)),
          saved: savedOf(before!),
        };
      const saved = await this.store.authoring.saveChange(propertyId, [write], user, note.summary);
      if (!saved) {
        if (attempt < ATTEMPTS) continue;
        throw apiProblems.conflict("Someone else is changing the same item; try again.");
      }
      await auditChange(this.store, user, propertyId, saved.revision, note);
      const at = { id: propertyId, revision: saved.revision, updatedAt: saved.at, updatedBy: user };
      const state = await this.stateOf(propertyId, ref, document, at);
      // Open editors and lists, on every node, follow the save (propertyChangeRoutes.ts).
      const { kind, id, name, revision, deleted } = state.resource;
      await publishPropertyChange(this.store.bus, {
        propertyId,
        revision: saved.revision,
        by: user,
        resources: [{ kind, id, name, revision, deleted }],
      });
      return { ...state, saved: { kind, id, revision } };
    }
  }

  /**
   * The structural check of the changed part, its errors named by the item's path in the
   * whole document (`dataElements[41].modulePath`), as a whole-document save names them.
   */
  private async parse(
    propertyId: string,
    draft: PropertyDocument,
    ref: ResourceRef & { kind: ItemKind },
    before: StoredResource | undefined,
  ): Promise<PropertyDocument> {
    try {
      this.builder.parsePropertyDocument(draft);
    } catch (error) {
      const here = listOf(draft, ref.kind).findIndex((i) => i.id === ref.id);
      if (here < 0 || !(error instanceof ValidationError || error instanceof ValidationErrors))
        return asBadRequest(error);
      // A new item goes last; one saved again (or over its delete) keeps its place.
      const index = before
        ? await this.store.authoring.indexAt(propertyId, ref.kind, before.position)
        : await this.store.authoring.indexAt(propertyId, ref.kind, Number.MAX_SAFE_INTEGER);
      const from = `${ITEM_LISTS[ref.kind].field}[${here}]`;
      const to = `${ITEM_LISTS[ref.kind].field}[${index}]`;
      const moved = (e: ValidationError) =>
        e.field === from || e.field.startsWith(`${from}.`) || e.field.startsWith(`${from}[`)
          ? new ValidationError(to + e.field.slice(from.length), e.problem)
          : e;
      return asBadRequest(
        error instanceof ValidationErrors
          ? new ValidationErrors(error.errors.map(moved))
          : moved(error),
      );
    }
    return this.properties.parse(draft);
  }

  private async part(propertyId: string, ref: ResourceRef): Promise<PropertySnapshot> {
    const head = await this.store.authoring.itemSnapshot(propertyId, ref);
    if (!head) throw apiProblems.notFound(`Property "${propertyId}"`);
    return head;
  }

  /**
   * Adds to `document` the data elements the item's tokens name, and the ones theirs name:
   * what the item's checks read (a token naming a disabled data element, circular references).
   */
  private async addNamedDataElements(
    propertyId: string,
    document: PropertyDocument,
    ref: ResourceRef & { kind: ItemKind },
  ): Promise<void> {
    const item = listOf(document, ref.kind).find((i) => i.id === ref.id);
    if (!item) return;
    const have = new Set(document.dataElements.map((e) => e.name));
    const platform = document.property.settings.platform ?? "web";
    let wanted = [...namesIn(item, platform)].filter((name) => !have.has(name));
    for (let round = 0; round < CHAIN_ROUNDS && wanted.length > 0; round++) {
      const found = await this.store.authoring.dataElementsNamed(propertyId, wanted);
      const next = new Set<string>();
      for (const element of found) {
        if (element.kind === ref.kind && element.id === ref.id) continue;
        document.dataElements.push(element.body as PropertyDataElement);
        have.add(element.name);
        namesIn(element.body, platform, next);
      }
      for (const name of wanted) have.add(name);
      wanted = [...next].filter((name) => !have.has(name));
    }
  }

  /**
   * 409 `name-taken` when the change gives the item a name another live item of its kind
   * has. As refuseTakenName: an item keeping the name it already had is never refused.
   */
  private async refuseTakenName(
    propertyId: string,
    ref: ResourceRef & { kind: ItemKind },
    item: Item,
    before: StoredResource | undefined,
    path: string,
  ): Promise<void> {
    if (before && !before.deleted && before.name === item.name) return;
    if (await this.store.authoring.nameTaken(propertyId, ref, item.name))
      throw apiProblems.nameTaken(path, ITEM_LISTS[ref.kind].label, item.name);
  }

  /** The item's state at `at` (a revision this request read or wrote). */
  private async stateOf(
    propertyId: string,
    ref: ResourceRef & { kind: ItemKind },
    document: PropertyDocument,
    at: Pick<PropertySnapshot, "revision" | "updatedAt" | "updatedBy">,
  ): Promise<ItemState> {
    const row = await this.store.authoring.resource(propertyId, ref);
    if (!row) throw apiProblems.notFound(`${ITEM_LISTS[ref.kind].label} "${ref.id}"`);
    const base = await productionBase(this.store, document);
    const info = resourceInfo(row, base) ?? {
      kind: row.kind,
      id: row.id,
      name: row.name,
      revision: row.revision,
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy,
      deleted: row.deleted,
      changed: false,
    };
    const index = await this.store.authoring.indexAt(propertyId, ref.kind, row.position);
    const list = listOf(document, ref.kind);
    const here = list.findIndex((i) => i.id === ref.id);
    const item = here >= 0 ? list[here]! : null;
    const findings = (problems: PropertyProblem[]) =>
      here >= 0 ? findingsAt(problems, ref.kind, here, index) : [];
    return {
      revision: at.revision,
      updatedAt: at.updatedAt,
      updatedBy: at.updatedBy,
      resource: info,
      item,
      index,
      problems: findings(this.builder.validateProperty(document)),
      disabledProblems: findings(this.builder.validateDisabledItems?.(document) ?? []),
    };
  }
}

/** The one write that turns `before` into `item` (null: deleted), or undefined: no change. */
function writeOf(
  ref: ResourceRef,
  before: StoredResource | undefined,
  item: Item | undefined,
): ResourceWrite | undefined {
  if (!item) {
    if (!before || before.deleted) return undefined;
    return {
      ...ref,
      name: before.name,
      body: before.body,
      position: before.position,
      from: before.revision,
      deleted: true,
    };
  }
  const unchanged =
    before &&
    !before.deleted &&
    before.name === item.name &&
    JSON.stringify(before.body) === JSON.stringify(item);
  if (unchanged) return undefined;
  return {
    ...ref,
    name: item.name,
    body: item,
    position: before?.position ?? 0,
    from: before?.revision ?? 0,
    deleted: false,
  };
}

const savedOf = (r: StoredResource) => ({ kind: r.kind, id: r.id, revision: r.revision });
