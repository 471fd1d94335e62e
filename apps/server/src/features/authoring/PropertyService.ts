import {
  checkReporting,
  SEPARATION_OF_DUTIES_LABEL,
  ValidationError,
  ValidationErrors,
  type PropertyDocument,
  type PropertyState,
  type ResourceRef,
} from "@liftoff/schema";
import {
  documentOf,
  type PropertyRecord,
  type PropertySnapshot,
  type ResourceWrite,
} from "./AuthoringRepository.ts";
import { duplicateKey, resourceKey, splitDocument } from "./propertyResources.ts";
import { resourceInfo } from "./resourceInfo.ts";
import { PropertyViews } from "./PropertyViews.ts";
import type { Store } from "../../store/Store.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import { publishPropertyChange } from "./propertyChangeRoutes.ts";
import { refuseItemProblems } from "./refuseItemProblems.ts";
import type { BuilderApi } from "./BuilderApi.ts";
import productionBase, { type ProductionBase } from "../publishing/productionBase.ts";

/** What one change did, for the revision summary and the audit log. */
export interface ChangeNote {
  /** e.g. `rule.update`. */
  action: string;
  /** The id of the item changed. */
  target?: string;
  /** e.g. `updated rule "Page View"`. */
  summary: string;
  /** The resource the answer reports as `saved` (default: the first expectation's). */
  saved?: ResourceRef;
  /**
   * Rules and data elements the change wrote that must have no problems if they are enabled
   * (refuseItemProblems); `bodyPath` names the item in the request (default `rule`…).
   */
  checked?: Array<{ kind: "rule" | "dataElement"; id: string; bodyPath?: string }>;
}

/**
 * The lock a change takes: the resource it edits and the revision the editor started from;
 * no revision means "create: it must not exist yet".
 */
export interface Expectation {
  ref: ResourceRef;
  revision?: number;
}

/** ValidationErrors (and a lone ValidationError) as a 400 naming every field. */
export function asBadRequest(error: unknown): never {
  if (error instanceof ValidationErrors)
    throw apiProblems.invalidBody(error.errors.map((e) => ({ path: e.field, message: e.problem })));
  if (error instanceof ValidationError) throw apiProblems.invalidField(error.field, error.problem);
  throw error;
}

// A save computed from a head in which its own resource was as expected can still lose when
// that resource moves before the save commits; it then reads again and reports the conflict.
const ATTEMPTS = 3;

/** The resource's new revisions that turn `head` into `next` (one per changed resource). */
export function writesBetween(head: PropertySnapshot, next: PropertyDocument): ResourceWrite[] {
  const before = new Map(head.resources.map((r) => [resourceKey(r), r]));
  let position = Math.max(-1, ...head.resources.map((r) => r.position)) + 1;
  const writes: ResourceWrite[] = [];
  const present = new Set<string>();
  for (const entry of splitDocument(next)) {
    const key = resourceKey(entry);
    present.add(key);
    const old = before.get(key);
    if (!old) writes.push({ ...entry, position: position++, from: 0, deleted: false });
    else if (
      old.deleted ||
      old.name !== entry.name ||
      JSON.stringify(old.body) !== JSON.stringify(entry.body)
    )
      writes.push({ ...entry, position: old.position, from: old.revision, deleted: false });
  }
  for (const [key, old] of before)
    if (!present.has(key) && !old.deleted)
      writes.push({
        kind: old.kind,
        id: old.id,
        name: old.name,
        body: old.body,
        position: old.position,
        from: old.revision,
        deleted: true,
      });
  return writes;
}

/** The audit log's entry for a saved change (`revision`: the property revision it made). */
export function auditChange(
  store: Store,
  user: string,
  propertyId: string,
  revision: number,
  note: ChangeNote,
): Promise<void> {
  return store.audit.append({
    user,
    action: note.action,
    propertyId,
    ...(note.target ? { target: note.target } : {}),
    revision,
    detail: { summary: note.summary },
  });
}

/** 409 `edit-conflict` (or 404, or "id taken") when an expectation no longer holds. */
export function refuseMoved(head: PropertySnapshot, expectations: Expectation[]): void {
  for (const { ref, revision } of expectations) {
    const current = head.resources.find((r) => r.kind === ref.kind && r.id === ref.id);
    if (revision === undefined) {
      if (current)
        throw apiProblems.conflict(
          `The id "${ref.id}" is taken${current.deleted ? " by a deleted item (restore it instead)" : ""}.`,
        );
      continue;
    }
    if (!current) throw apiProblems.notFound(`${ref.kind} "${ref.id}"`);
    if (current.revision !== revision)
      throw apiProblems.editConflict({
        resource: { kind: ref.kind, id: ref.id, name: current.name },
        yourRevision: revision,
        currentRevision: current.revision,
        changedBy: current.updatedBy,
        changedAt: current.updatedAt,
        current: current.deleted ? null : current.body,
      });
  }
}

/**
 * Reads and changes properties. A change is applied to the latest document, checked
 * structurally, and saved as new revisions of exactly the resources it changed, each under
 * its own lock (no property-wide lock: saves of different resources never conflict); then
 * datastreams follow new environments and the audit log records it.
 */
export class PropertyService {
  /** Findings and list rows per property revision, computed when read. */
  readonly views: PropertyViews;

  constructor(
    private readonly store: Store,
    private readonly builder: BuilderApi,
  ) {
    this.views = new PropertyViews(store, builder);
  }

  parse(input: unknown): PropertyDocument {
    try {
      const document = this.builder.parsePropertyDocument(input);
      const duplicate = duplicateKey(splitDocument(document));
      if (duplicate) throw new ValidationError(duplicate.replace(":", " "), "the id is used twice");
      return document;
    } catch (error) {
      return asBadRequest(error);
    }
  }

  /**
   * The reporting mapping is data the server itself runs (reports read events through it),
   * so a save holding a broken one is refused whole, naming each problem under `path`.
   */
  private refuseReportingProblems(document: PropertyDocument, path: string): void {
    const errors = checkReporting(document.property.settings, path);
    if (errors.length > 0) throw apiProblems.settingsHaveProblems(errors);
  }

  async snapshot(propertyId: string, revision?: number): Promise<PropertySnapshot> {
    const snapshot = await this.store.authoring.snapshot(propertyId, revision);
    if (!snapshot)
      throw apiProblems.notFound(
        revision === undefined
          ? `Property "${propertyId}"`
          : `Revision ${revision} of property "${propertyId}"`,
      );
    return snapshot;
  }

  async load(propertyId: string): Promise<PropertyRecord> {
    return this.record(await this.snapshot(propertyId));
  }

  async loadRevision(propertyId: string, revision: number): Promise<PropertyRecord> {
    return this.record(await this.snapshot(propertyId, revision));
  }

  private record(snapshot: PropertySnapshot): PropertyRecord {
    return {
      id: snapshot.id,
      revision: snapshot.revision,
      updatedAt: snapshot.updatedAt,
      updatedBy: snapshot.updatedBy,
      document: documentOf(snapshot),
    };
  }

  /** What production serves now (the base of builds and of each resource's standing). */
  productionBase(document: PropertyDocument): Promise<ProductionBase> {
    return productionBase(this.store, document);
  }

  async state(snapshot: PropertySnapshot, saved?: PropertyState["saved"]): Promise<PropertyState> {
    const document = documentOf(snapshot);
    const base = await this.productionBase(document);
    return {
      revision: snapshot.revision,
      updatedAt: snapshot.updatedAt,
      updatedBy: snapshot.updatedBy,
      document,
      resources: snapshot.resources.flatMap((r) => resourceInfo(r, base) ?? []),
      ...(await this.views.findings(snapshot, document)),
      ...(saved ? { saved } : {}),
    };
  }

  /** Saves a new property: every resource at revision 1 (409 when the id exists). */
  async create(input: unknown, user: string, note: ChangeNote): Promise<PropertySnapshot> {
    const document = this.parse(input);
    this.refuseReportingProblems(document, "property.settings");
    const id = document.property.id;
    const created = await this.store.authoring.createProperty(
      id,
      document.property.name,
      splitDocument(document),
      user,
      note.summary,
    );
    if (!created) {
      const existing = await this.store.authoring.getProperty(id);
      throw apiProblems.propertyExists({ id, name: existing?.document.property.name ?? id });
    }
    await this.ensureDatastreams(document);
    await auditChange(this.store, user, id, 1, { ...note, target: note.target ?? id });
    return this.snapshot(id);
  }

  /**
   * Separation of duties is an admin's decision: any change that turns the property's
   * `separationOfDuties` on or off (the settings form, a restore of an older settings
   * revision, an update by import) is refused for everyone else. Other settings stay an
   * editor's. The role is looked up only when the flag changes.
   */
  private async refuseAdminSettings(
    before: boolean,
    after: PropertyDocument,
    user: string,
  ): Promise<void> {
    if (before === (after.property.settings.separationOfDuties === true)) return;
    const role = (await this.store.users.getByName(user))?.role;
    if (role !== "admin")
      throw apiProblems.adminSetting(SEPARATION_OF_DUTIES_LABEL, role ?? "not a known user");
  }

  /**
   * Applies `change` to a copy of the latest document and saves the resources it changed
   * as one property revision. `expectations` are the locks (see Expectation); `change`
   * throws ApiErrors for missing items and returns what it did. A change that changes
   * nothing saves nothing.
   */
  async change(
    propertyId: string,
    user: string,
    expectations: Expectation[],
    change: (document: PropertyDocument, head: PropertySnapshot) => ChangeNote,
  ): Promise<PropertyState> {
    for (let attempt = 1; ; attempt++) {
      const head = await this.snapshot(propertyId);
      refuseMoved(head, expectations);
      const draft = structuredClone(documentOf(head));
      const separateBefore = draft.property.settings.separationOfDuties === true;
      const platformBefore = draft.property.settings.platform ?? "web";
      const note = change(draft, head);
      const document = this.parse(draft);
      if (document.property.id !== propertyId)
        throw apiProblems.invalidField(
          "property.id",
          "cannot be changed; import the document as a new property",
        );
      // A web library and a forwarding ruleset are different things: what a property's
      // libraries, environments and linked datastreams mean would change under them.
      if ((document.property.settings.platform ?? "web") !== platformBefore)
        throw apiProblems.invalidField(
          "property.settings.platform",
          `cannot be changed (it is "${platformBefore}"); create a new property of the other platform`,
        );
      await this.refuseAdminSettings(separateBefore, document, user);
      // The settings resource's own paths (the settings form's body is `{settings}`).
      this.refuseReportingProblems(document, "settings");
      for (const item of note.checked ?? [])
        refuseItemProblems(this.builder, document, item.kind, item.id, item.bodyPath);
      const writes = writesBetween(head, document);
      const savedRef = note.saved ?? expectations[0]?.ref;
      if (writes.length === 0) return this.state(head, this.savedOf(head, savedRef));
      const saved = await this.store.authoring.saveChange(propertyId, writes, user, note.summary);
      if (!saved) {
        if (attempt < ATTEMPTS) continue;
        throw apiProblems.conflict("Someone else is changing the same items; try again.");
      }
      await this.ensureDatastreams(document);
      await auditChange(this.store, user, propertyId, saved.revision, note);
      const next = await this.snapshot(propertyId);
      const state = await this.state(next, this.savedOf(next, savedRef));
      // Open editors and lists, on every node, follow the save (propertyChanges.ts).
      const written = (r: { kind: string; id: string }) =>
        writes.some((w) => w.kind === r.kind && w.id === r.id);
      await publishPropertyChange(this.store.bus, {
        propertyId,
        revision: saved.revision,
        by: user,
        resources: state.resources
          .filter(written)
          .map(({ kind, id, name, revision, deleted }) => ({ kind, id, name, revision, deleted })),
      });
      return state;
    }
  }

  private savedOf(snapshot: PropertySnapshot, ref: ResourceRef | undefined) {
    const r = ref && snapshot.resources.find((x) => x.kind === ref.kind && x.id === ref.id);
    return r ? { kind: r.kind, id: r.id, revision: r.revision } : undefined;
  }

  /**
   * Every environment needs a datastream for the edge to accept its events. Existing ones
   * (the seeded pc-marketing streams among them) keep their id and allowed origins, and follow
   * the property's org id: the edge names its identity cookies after it.
   */
  async ensureDatastreams(document: PropertyDocument): Promise<void> {
    // A forwarding property receives no page's events itself: web datastreams link to it.
    if (document.property.settings.platform === "edge") return;
    const existing = await this.store.datastreams.list();
    // Empty until the property has an org id: only the Web SDK's events need it, and a
    // property with the Web SDK and no org id does not build.
    const orgId = document.company.orgId ?? "";
    for (const env of document.environments) {
      const stream = existing.find(
        (d) => d.propertyId === document.property.id && d.environmentId === env.id,
      );
      if (stream && stream.orgId === orgId) continue;
      await this.store.datastreams.put(
        stream
          ? { ...stream, orgId }
          : {
              id: `${document.property.id}-${env.id}`,
              orgId,
              propertyId: document.property.id,
              environmentId: env.id,
              stage: env.stage,
              allowedOrigins: [],
            },
      );
    }
  }
}
