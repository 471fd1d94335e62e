import {
  DEFAULT_LIBRARY_MAX_AGE,
  LIBRARY_RESOURCE_KINDS,
  type LibraryInfo,
  type LibraryResourceKind,
  type LibraryState,
  type PropertyDocument,
  type PropertyEnvironment,
  type ResourceKind,
  type ResourceRef,
  type Stage,
  servedFileType,
} from "@liftoff/schema";
import {
  documentOf,
  type BuiltFile,
  type LibraryRecord,
  type PropertySnapshot,
  type StoredLibraryResource,
} from "../authoring/AuthoringRepository.ts";
import { assembleDocument, resourceKey } from "../authoring/propertyResources.ts";
import type { Store } from "../../store/Store.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import type { BuilderApi, PreviewBuild, PreviewBuildOptions } from "../authoring/BuilderApi.ts";
import type { PropertyService } from "../authoring/PropertyService.ts";
import { newId } from "../../http/requestParts.ts";
import { encodeLibraryBody } from "./libraryEncodings.ts";

/** Each environment serves one stable file name; a publish replaces its bytes (ETag changes). */
export const LIBRARY_FILE = "launch.min.js";
/**
 * Where an event forwarding property's build (its ruleset, JSON) is stored. No route under
 * /libs/ serves this path: a forwarding library is read by the server only.
 */
export const FORWARDING_FILE = "forwarding/ruleset.json";

/** The steps of the flow: which states each step starts from, where it ends, what it builds. */
const STEPS = {
  build: {
    from: ["development", "rejected"],
    to: "development",
    stage: "development",
    action: "library.build",
  },
  submit: { from: ["development"], to: "submitted", stage: "staging", action: "library.submit" },
  reject: {
    from: ["submitted", "approved"],
    to: "rejected",
    stage: undefined,
    action: "library.reject",
  },
  approve: { from: ["submitted"], to: "approved", stage: undefined, action: "library.approve" },
  publish: { from: ["approved"], to: "published", stage: "production", action: "library.publish" },
  republish: {
    from: ["published"],
    to: "published",
    stage: "production",
    action: "library.republish",
  },
} as const satisfies Record<
  string,
  { from: LibraryState[]; to: LibraryState; stage: Stage | undefined; action: string }
>;

export type Step = keyof typeof STEPS;

/** States in which a library is edited (resources added and removed, latest revisions). */
const EDITABLE: readonly LibraryState[] = ["development", "rejected"];

/** How a stage's library file may be cached (docs/api.md, "Caching"). */
export function cacheControlFor(stage: Stage, document: PropertyDocument): string {
  if (stage === "development") return "no-cache";
  const maxAge = document.property.settings.libraryMaxAge ?? DEFAULT_LIBRARY_MAX_AGE;
  return maxAge === 0 ? "no-cache" : `public, max-age=${maxAge}`;
}

const isLibraryKind = (kind: string): kind is LibraryResourceKind =>
  (LIBRARY_RESOURCE_KINDS as readonly string[]).includes(kind);

/**
 * Libraries and the publishing flow, as Launch has them. A library is a set of rules, data
 * elements and extensions. In development it builds the latest revision of each to its
 * development environment; `submit` pins the revisions and builds to staging; `publish`
 * builds to production; `republish` of an earlier published library is the rollback.
 * Every build is what production serves plus the library's resources (Launch's upstream).
 * A build runs before anything is written; the file and the library's new state are then
 * stored in one transaction, so a failed build (or a lost race) changes nothing.
 */
export class Publisher {
  constructor(
    private readonly store: Store,
    private readonly builder: BuilderApi,
    private readonly properties: PropertyService,
  ) {}

  async load(propertyId: string, libraryId: string): Promise<LibraryRecord> {
    const library = await this.store.authoring.getLibrary(propertyId, libraryId);
    if (!library) throw apiProblems.notFound(`Library "${libraryId}" of property "${propertyId}"`);
    return library;
  }

  /** The API's view of a library: names and the revision each resource builds now. */
  async info(propertyId: string, library: LibraryRecord, head?: PropertySnapshot) {
    return (await this.infos(propertyId, [library], head))[0]!;
  }

  async infos(
    propertyId: string,
    libraries: LibraryRecord[],
    head?: PropertySnapshot,
  ): Promise<LibraryInfo[]> {
    const snapshot = head ?? (await this.properties.snapshot(propertyId));
    const byKey = new Map(snapshot.resources.map((r) => [resourceKey(r), r]));
    const base = await this.properties.productionBase(documentOf(snapshot));
    return libraries.map((library) => ({
      id: library.id,
      name: library.name,
      state: library.state,
      ...(library.environmentId ? { environmentId: library.environmentId } : {}),
      createdAt: library.createdAt,
      createdBy: library.createdBy,
      ...(library.submittedBy ? { submittedBy: library.submittedBy } : {}),
      ...(library.submittedAt ? { submittedAt: library.submittedAt } : {}),
      resources: library.resources.map((r) => {
        const current = byKey.get(resourceKey(r));
        return {
          kind: r.kind,
          id: r.id,
          name: r.pinned?.name ?? current?.name ?? r.id,
          ...(r.pinned ? { pinnedRevision: r.pinned.revision } : {}),
          revision: r.pinned?.revision ?? current?.revision ?? 0,
          deleted: r.pinned?.deleted ?? current?.deleted ?? true,
        };
      }),
      builds: library.builds,
      ...(library.publishedAt ? { publishedAt: library.publishedAt } : {}),
      live: base.libraryId === library.id,
    }));
  }

  async list(propertyId: string): Promise<LibraryInfo[]> {
    return this.infos(propertyId, await this.store.authoring.listLibraries(propertyId));
  }

  /** The rule, data element and extension resources whose latest revision production lacks. */
  private async changedResources(head: PropertySnapshot): Promise<StoredLibraryResource[]> {
    const state = await this.properties.state(head);
    return state.resources
      .filter((r) => r.changed && isLibraryKind(r.kind))
      .map((r) => ({ kind: r.kind as LibraryResourceKind, id: r.id }));
  }

  /** Adds `refs` (checked against the property) and, when asked, every changed resource. */
  private async withResources(
    head: PropertySnapshot,
    current: StoredLibraryResource[],
    input: { resources?: ResourceRef[]; addAllChanged?: boolean },
  ): Promise<StoredLibraryResource[]> {
    const out = [...current];
    const has = new Set(out.map(resourceKey));
    const add = (r: StoredLibraryResource) => {
      if (has.has(resourceKey(r))) return;
      has.add(resourceKey(r));
      out.push({ kind: r.kind, id: r.id });
    };
    (input.resources ?? []).forEach((ref, i) => {
      if (!isLibraryKind(ref.kind))
        throw apiProblems.invalidField(
          `resources[${i}].kind`,
          `expected one of ${LIBRARY_RESOURCE_KINDS.join(", ")}`,
        );
      if (!head.resources.some((r) => r.kind === ref.kind && r.id === ref.id))
        throw apiProblems.invalidField(`resources[${i}].id`, `no ${ref.kind} "${ref.id}"`);
      add({ kind: ref.kind, id: ref.id });
    });
    if (input.addAllChanged) (await this.changedResources(head)).forEach(add);
    return out;
  }

  private developmentEnvironment(document: PropertyDocument, environmentId: string) {
    const env = document.environments.find((e) => e.id === environmentId);
    if (env?.stage !== "development")
      throw apiProblems.invalidField(
        "environmentId",
        "expected a development environment of this property",
      );
    return env;
  }

  private async heldBy(propertyId: string, environmentId: string, except?: string) {
    const libraries = await this.store.authoring.listLibraries(propertyId);
    return libraries.find(
      (l) => l.id !== except && l.environmentId === environmentId && EDITABLE.includes(l.state),
    );
  }

  private async environmentTaken(propertyId: string, environmentId: string, except?: string) {
    const holder = await this.heldBy(propertyId, environmentId, except);
    return apiProblems.conflict(
      holder
        ? `The development environment ${environmentId} holds library "${holder.name}"; pick another environment or take it out of that library first.`
        : `The development environment ${environmentId} was just taken by another library.`,
    );
  }

  async create(
    propertyId: string,
    input: {
      name: string;
      environmentId?: string;
      resources?: ResourceRef[];
      addAllChanged?: boolean;
    },
    user: string,
  ): Promise<LibraryInfo> {
    const head = await this.properties.snapshot(propertyId);
    if (input.environmentId) this.developmentEnvironment(documentOf(head), input.environmentId);
    const library: LibraryRecord = {
      id: newId("LB"),
      name: input.name,
      state: "development",
      ...(input.environmentId ? { environmentId: input.environmentId } : {}),
      createdAt: new Date().toISOString(),
      createdBy: user,
      builds: [],
      resources: await this.withResources(head, [], input),
    };
    if (!(await this.store.authoring.createLibrary(propertyId, library)))
      throw await this.environmentTaken(propertyId, input.environmentId!);
    await this.audit(user, "library.create", propertyId, library, {
      environmentId: library.environmentId ?? null,
      resources: library.resources.length,
    });
    return this.info(propertyId, library, head);
  }

  /** Saves an edited library still in state `from` (409 when the environment is held). */
  private async save(propertyId: string, next: LibraryRecord, from: LibraryState) {
    if (!(await this.store.authoring.saveLibrary(propertyId, next, from))) {
      const now = await this.load(propertyId, next.id);
      if (now.state !== from) throw this.moved(now);
      throw await this.environmentTaken(propertyId, next.environmentId ?? "", next.id);
    }
  }

  private moved(library: LibraryRecord) {
    return apiProblems.wrongState(
      `Library "${library.name}" was changed by someone else (it is ${library.state} now); reload it.`,
    );
  }

  private editable(library: LibraryRecord, what: string): void {
    if (!EDITABLE.includes(library.state))
      throw apiProblems.wrongState(
        `Library "${library.name}" is ${library.state}; ${what} only in development (reject it first).`,
      );
  }

  async update(
    propertyId: string,
    libraryId: string,
    input: { name?: string; environmentId?: string | null },
    user: string,
  ): Promise<LibraryInfo> {
    const library = await this.load(propertyId, libraryId);
    const next: LibraryRecord = { ...library };
    if (input.name !== undefined) next.name = input.name;
    if (input.environmentId !== undefined) {
      this.editable(library, "its environment changes");
      if (input.environmentId === null) delete next.environmentId;
      else {
        const head = await this.properties.snapshot(propertyId);
        this.developmentEnvironment(documentOf(head), input.environmentId);
        next.environmentId = input.environmentId;
      }
    }
    await this.save(propertyId, next, library.state);
    await this.audit(user, "library.update", propertyId, next, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.environmentId !== undefined ? { environmentId: input.environmentId } : {}),
    });
    return this.info(propertyId, next);
  }

  async remove(propertyId: string, libraryId: string, user: string): Promise<void> {
    const library = await this.load(propertyId, libraryId);
    this.editable(library, "it can be deleted");
    if (!(await this.store.authoring.deleteLibrary(propertyId, libraryId, library.state)))
      throw this.moved(await this.load(propertyId, libraryId));
    await this.audit(user, "library.delete", propertyId, library, {});
  }

  async addResources(
    propertyId: string,
    libraryId: string,
    input: { resources?: ResourceRef[]; addAllChanged?: boolean },
    user: string,
  ): Promise<LibraryInfo> {
    const library = await this.load(propertyId, libraryId);
    this.editable(library, "resources are added");
    const head = await this.properties.snapshot(propertyId);
    const resources = await this.withResources(head, library.resources, input);
    const next = { ...library, resources };
    await this.save(propertyId, next, library.state);
    await this.audit(user, "library.resources.add", propertyId, next, {
      added: resources.length - library.resources.length,
    });
    return this.info(propertyId, next, head);
  }

  async removeResource(
    propertyId: string,
    libraryId: string,
    ref: ResourceRef,
    user: string,
  ): Promise<LibraryInfo> {
    const library = await this.load(propertyId, libraryId);
    this.editable(library, "resources are removed");
    const resources = library.resources.filter((r) => !(r.kind === ref.kind && r.id === ref.id));
    if (resources.length === library.resources.length)
      throw apiProblems.notFound(`${ref.kind} "${ref.id}" in library "${library.name}"`);
    const next = { ...library, resources };
    await this.save(propertyId, next, library.state);
    await this.audit(user, "library.resources.remove", propertyId, next, {
      kind: ref.kind,
      id: ref.id,
    });
    return this.info(propertyId, next);
  }

  /**
   * Takes one step of the flow as `user`. `system`: the first-start seed takes it, not a
   * person, so separation of duties (between people) does not apply.
   */
  async step(
    propertyId: string,
    libraryId: string,
    step: Step,
    user: string,
    options: { system?: boolean } = {},
  ): Promise<LibraryInfo> {
    const rule = STEPS[step];
    const library = await this.load(propertyId, libraryId);
    const head = await this.properties.snapshot(propertyId);
    if (!options.system) this.refuseSelfApproval(head, library, step, user);
    if (!(rule.from as readonly LibraryState[]).includes(library.state))
      throw apiProblems.wrongState(
        `Library "${library.name}" is ${library.state}; ${step} needs it ${rule.from.join(" or ")}.`,
      );
    const next = await this.nextState(propertyId, library, step, head, user);
    const files: BuiltFile[] = [];
    if (rule.stage)
      files.push(...(await this.buildInto(next, rule.stage, head, user, step === "republish")));
    if (!(await this.store.authoring.saveLibrary(propertyId, next, library.state, files))) {
      const now = await this.load(propertyId, libraryId);
      if (now.state !== library.state) throw this.moved(now);
      throw apiProblems.wrongState(await this.stagingHeld(propertyId, libraryId));
    }
    await this.audit(user, rule.action, propertyId, library, {
      from: library.state,
      to: next.state,
      ...(files[0] ? { environmentId: files[0].environmentId } : {}),
    });
    return this.info(propertyId, next);
  }

  /**
   * With the property's `separationOfDuties` on, the submitter of a submitted library may not
   * approve it, nor publish it from submitted (approval skipped is approval by the
   * submitter; the flow refuses that publish anyway, but the reason to give them is this
   * one). Rejecting stays allowed: that is the submitter withdrawing it.
   */
  private refuseSelfApproval(
    head: PropertySnapshot,
    library: LibraryRecord,
    step: Step,
    user: string,
  ): void {
    if (library.state !== "submitted" || (step !== "approve" && step !== "publish")) return;
    if (library.submittedBy !== user) return;
    if (!documentOf(head).property.settings.separationOfDuties) return;
    throw apiProblems.approverIsSubmitter(library.name, user);
  }

  private async stagingHeld(propertyId: string, libraryId: string): Promise<string> {
    const libraries = await this.store.authoring.listLibraries(propertyId);
    const holder = libraries.find(
      (l) => l.id !== libraryId && (l.state === "submitted" || l.state === "approved"),
    );
    return holder
      ? `Staging holds library "${holder.name}" (${holder.state}); publish or reject it first.`
      : "Staging was just taken by another library; reload.";
  }

  /** The library after `step`, before its build: pins on submit, unpins on reject. */
  private async nextState(
    propertyId: string,
    library: LibraryRecord,
    step: Step,
    head: PropertySnapshot,
    user: string,
  ): Promise<LibraryRecord> {
    const next: LibraryRecord = {
      ...library,
      state: STEPS[step].to,
      builds: [...library.builds],
    };
    if (step === "build" && !library.environmentId)
      throw apiProblems.wrongState(
        `Library "${library.name}" has no development environment; assign one first.`,
      );
    if (step === "submit") {
      next.submittedBy = user;
      next.submittedAt = new Date().toISOString();
      const byKey = new Map(head.resources.map((r) => [resourceKey(r), r]));
      next.resources = library.resources.map((r) => {
        const current = byKey.get(resourceKey(r))!;
        return {
          kind: r.kind,
          id: r.id,
          pinned: { revision: current.revision, deleted: current.deleted, name: current.name },
        };
      });
    }
    if (step === "reject") {
      next.resources = library.resources.map((r) => ({ kind: r.kind, id: r.id }));
      // Back in development it would take its environment again; not if another took it.
      if (
        library.environmentId &&
        (await this.heldBy(propertyId, library.environmentId, library.id))
      )
        delete next.environmentId;
    }
    return next;
  }

  /** Builds `library` for `stage` and records the build (and manifest) on it. */
  private async buildInto(
    library: LibraryRecord,
    stage: Stage,
    head: PropertySnapshot,
    user: string,
    rollback: boolean,
  ): Promise<BuiltFile[]> {
    const headDocument = documentOf(head);
    // A rollback serves again exactly what that library served; every other build is
    // production's manifest plus the library's resources.
    const resolved =
      rollback && library.resolved
        ? { ...library.resolved }
        : await this.manifestFor(library, headDocument, head);
    const document = await this.documentFor(head, resolved);
    const env = this.target(document, library, stage);
    const built = await this.build(document, env.id);
    const at = new Date().toISOString();
    library.builds.push({
      environmentId: env.id,
      stage: env.stage,
      at,
      by: user,
      propertyRevision: head.revision,
      ...built.figures,
    });
    if (stage !== "development") library.resolved = resolved;
    if (stage === "production") library.publishedAt = at;
    // Compressed once here, on the thread pool, and stored with the file; a development build,
    // made on every build step, takes the fast effort (libraryEncodings.ts).
    const effort = stage === "development" ? "fast" : "smallest";
    const file = async (fileName: string, text: string): Promise<BuiltFile> => {
      const body = Buffer.from(text);
      return {
        environmentId: env.id,
        fileName,
        // Validation refused every other type before the build (checkCarriedFiles); the
        // library routes serve by the same map and never serve anything else.
        contentType: servedFileType(fileName) ?? "application/octet-stream",
        body,
        cacheControl: cacheControlFor(stage, headDocument),
        encodings: await encodeLibraryBody(body, effort),
      };
    };
    // The library first; then the files the property carries, served beside it.
    return Promise.all([
      file(
        headDocument.property.settings.platform === "edge" ? FORWARDING_FILE : LIBRARY_FILE,
        built.code,
      ),
      ...built.files.map((carried) => file(carried.path, carried.text)),
    ]);
  }

  /** Production's manifest plus the library's resources (latest, or pinned). */
  private async manifestFor(
    library: LibraryRecord,
    document: PropertyDocument,
    head: PropertySnapshot,
  ): Promise<Record<string, number>> {
    const base = await this.properties.productionBase(document);
    const manifest = { ...base.manifest };
    const byKey = new Map(head.resources.map((r) => [resourceKey(r), r]));
    for (const r of library.resources) {
      const key = resourceKey(r);
      const current = byKey.get(key);
      const revision = r.pinned?.revision ?? current?.revision;
      const deleted = r.pinned?.deleted ?? current?.deleted ?? true;
      if (deleted || revision === undefined) delete manifest[key];
      else manifest[key] = revision;
    }
    return manifest;
  }

  /** The document a manifest describes: settings and environments as they are now. */
  private async documentFor(
    head: PropertySnapshot,
    manifest: Record<string, number>,
  ): Promise<PropertyDocument> {
    const older = head.resources.filter((r) => {
      const revision = manifest[resourceKey(r)];
      return revision !== undefined && revision !== r.revision;
    });
    const bodies = await this.store.authoring.resourceBodies(
      head.id,
      older.map((r) => ({ kind: r.kind, id: r.id, revision: manifest[resourceKey(r)]! })),
    );
    const entries = head.resources.flatMap((r): Array<{ kind: ResourceKind; body: unknown }> => {
      if (!isLibraryKind(r.kind)) return r.deleted ? [] : [r];
      const revision = manifest[resourceKey(r)];
      if (revision === undefined) return [];
      if (revision === r.revision) return r.deleted ? [] : [r];
      const stored = bodies.get(`${resourceKey(r)}@${revision}`);
      return stored && !stored.deleted ? [{ kind: r.kind, body: stored.body }] : [];
    });
    return assembleDocument(entries);
  }

  private target(
    document: PropertyDocument,
    library: LibraryRecord,
    stage: Stage,
  ): PropertyEnvironment {
    const env =
      stage === "development"
        ? document.environments.find((e) => e.id === library.environmentId)
        : document.environments.find((e) => e.stage === stage);
    if (!env) throw apiProblems.conflict(`The property has no ${stage} environment to build to.`);
    return env;
  }

  /**
   * What a preview session builds (docs/preview.md): a development library as its development
   * build has it (production plus the library's resources at their latest revisions), or, with
   * no library, the whole working state. `key` changes whenever that content may have.
   */
  async previewDocument(
    propertyId: string,
    libraryId: string | undefined,
  ): Promise<{ document: PropertyDocument; revision: number; key: string }> {
    const head = await this.properties.snapshot(propertyId);
    if (libraryId === undefined)
      return { document: documentOf(head), revision: head.revision, key: `${head.revision}` };
    const library = await this.load(propertyId, libraryId);
    const manifest = await this.manifestFor(library, documentOf(head), head);
    return {
      document: await this.documentFor(head, manifest),
      revision: head.revision,
      key: `${head.revision} ${JSON.stringify(manifest)}`,
    };
  }

  /**
   * A preview build of `document`, checked and refused as every other build is, with the
   * files it carries (at `preview-<id>/hosted/…`, served from the session, never stored).
   */
  async buildPreview(
    document: PropertyDocument,
    environmentId: string,
    preview: PreviewBuildOptions,
  ): Promise<PreviewBuild> {
    const { code, files } = await this.build(document, environmentId, preview);
    return { code, files };
  }

  /** Refuses a document with validation problems; a builder exception becomes a 422. */
  private async build(
    document: PropertyDocument,
    environmentId: string,
    preview?: PreviewBuildOptions,
  ) {
    const problems = this.builder.validateProperty(document);
    if (problems.length > 0)
      throw apiProblems.notBuildable(problems.map((p) => ({ path: p.path, message: p.message })));
    let built;
    try {
      // buildDate: the time of the build; minified: by the environment's stage (development
      // unminified, as Launch builds it). The builder decides both when none is given.
      built = await this.builder.buildLibrary(document, {
        environmentId,
        ...(preview ? { preview } : {}),
      });
    } catch (error) {
      throw apiProblems.buildFailed(error instanceof Error ? error.message : String(error));
    }
    return {
      code: built.code,
      files: built.files ?? [],
      figures: { bytes: built.bytes, gzipBytes: built.gzipBytes, durationMs: built.durationMs },
    };
  }

  private async audit(
    user: string,
    action: string,
    propertyId: string,
    library: LibraryRecord,
    detail: Record<string, unknown>,
  ) {
    await this.store.audit.append({
      user,
      action,
      propertyId,
      target: library.id,
      detail: { name: library.name, ...detail },
    });
  }
}
