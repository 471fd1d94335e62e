import {
  ValidationError,
  ValidationErrors,
  type PropertyDocument,
  type PropertyState,
} from "@liftoff/schema";
import type { PropertyRecord } from "../storage/authoring/AuthoringRepository.ts";
import type { Store } from "../storage/Store.ts";
import { apiProblems } from "./ApiError.ts";
import type { BuilderApi, PartialBuilder } from "./BuilderApi.ts";

/** What one change did, for the revision summary and the audit log. */
export interface ChangeNote {
  /** e.g. `rule.update`. */
  action: string;
  /** The id of the item changed. */
  target?: string;
  /** e.g. `updated rule "Page View"`. */
  summary: string;
}

/** A builder function, or a 503 naming what is missing. */
export function need<K extends keyof BuilderApi>(builder: PartialBuilder, name: K): BuilderApi[K] {
  const fn = builder[name];
  if (fn === undefined) throw apiProblems.builderMissing();
  return fn;
}

/** ValidationErrors (and a lone ValidationError) as a 400 naming every field. */
export function asBadRequest(error: unknown): never {
  if (error instanceof ValidationErrors)
    throw apiProblems.invalidBody(error.errors.map((e) => ({ path: e.field, message: e.problem })));
  if (error instanceof ValidationError) throw apiProblems.invalidField(error.field, error.problem);
  throw error;
}

/**
 * Reads and changes property documents: every change is checked structurally, saved as a
 * new revision under the optimistic lock, given datastreams for new environments, and
 * written to the audit log.
 */
export class PropertyService {
  constructor(
    private readonly store: Store,
    private readonly builder: PartialBuilder,
  ) {}

  parse(input: unknown): PropertyDocument {
    try {
      return need(this.builder, "parsePropertyDocument")(input);
    } catch (error) {
      return asBadRequest(error);
    }
  }

  async load(propertyId: string): Promise<PropertyRecord> {
    const record = await this.store.authoring.getProperty(propertyId);
    if (!record) throw apiProblems.notFound(`Property "${propertyId}"`);
    return record;
  }

  async loadRevision(propertyId: string, revision: number): Promise<PropertyRecord> {
    const record = await this.store.authoring.getRevision(propertyId, revision);
    if (!record) throw apiProblems.notFound(`Revision ${revision} of property "${propertyId}"`);
    return record;
  }

  state(record: PropertyRecord): PropertyState {
    return {
      revision: record.revision,
      updatedAt: record.updatedAt,
      updatedBy: record.updatedBy,
      document: record.document,
      problems: need(this.builder, "validateProperty")(record.document),
    };
  }

  /** Saves a new property as revision 1 (409 when the id exists). */
  async create(input: unknown, user: string, note: ChangeNote): Promise<PropertyRecord> {
    const document = this.parse(input);
    const result = await this.store.authoring.createProperty(document, user, note.summary);
    if (!result.ok)
      throw apiProblems.conflict(
        `Property "${document.property.id}" already exists.`,
        result.currentRevision,
      );
    await this.ensureDatastreams(document);
    await this.store.audit.append({
      user,
      action: note.action,
      propertyId: document.property.id,
      target: note.target ?? document.property.id,
      revision: 1,
      detail: { summary: note.summary },
    });
    return result.record;
  }

  /**
   * Applies `change` to a copy of the document at `revision` and saves the next revision.
   * `change` throws ApiErrors for missing items; it returns what it did.
   */
  async edit(
    propertyId: string,
    revision: number,
    user: string,
    change: (document: PropertyDocument) => ChangeNote,
  ): Promise<PropertyRecord> {
    const current = await this.load(propertyId);
    if (current.revision !== revision) throw apiProblems.staleRevision(revision, current.revision);
    const draft = structuredClone(current.document);
    const note = change(draft);
    const document = this.parse(draft);
    if (document.property.id !== propertyId)
      throw apiProblems.invalidField(
        "property.id",
        "cannot be changed; import the document as a new property",
      );
    const result = await this.store.authoring.saveProperty(revision, document, user, note.summary);
    if (!result.ok) throw apiProblems.staleRevision(revision, result.currentRevision ?? revision);
    await this.ensureDatastreams(document);
    await this.store.audit.append({
      user,
      action: note.action,
      propertyId,
      ...(note.target ? { target: note.target } : {}),
      revision: result.record.revision,
      detail: { summary: note.summary },
    });
    return result.record;
  }

  /**
   * Every environment needs a datastream for the edge to accept its events. Existing ones
   * (the seeded pc-marketing streams among them) keep their id and allowed origins, and follow
   * the property's org id: the edge names its identity cookies after it.
   */
  async ensureDatastreams(document: PropertyDocument): Promise<void> {
    const existing = await this.store.datastreams.list();
    const orgId = document.company.orgId;
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
