import type {
  LibraryInfo,
  LibraryState,
  PropertyDocument,
  PropertyEnvironment,
  Stage,
} from "@liftoff/schema";
import type { Store } from "../storage/Store.ts";
import { apiProblems } from "./ApiError.ts";
import type { PartialBuilder } from "./BuilderApi.ts";
import { need, type PropertyService } from "./PropertyService.ts";
import { newId } from "./requestParts.ts";

/** Each environment serves one stable file name; a publish replaces its bytes (ETag changes). */
export const LIBRARY_FILE = "launch.min.js";

/** The steps of the flow: which states each step starts from, where it ends, what it builds. */
const STEPS = {
  build: {
    from: ["development", "rejected"],
    to: "development",
    stage: "development",
    action: "library.build",
  },
  submit: { from: ["development"], to: "submitted", stage: "staging", action: "library.submit" },
  reject: { from: ["submitted"], to: "rejected", stage: undefined, action: "library.reject" },
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

/**
 * Libraries and the publishing flow: a library captures one property revision; `build`
 * writes it to its development environment, `submit` to staging, `publish` to production,
 * `republish` of an earlier published library is the rollback. A build runs before anything
 * is written; the file and the library's new state are then stored in one transaction, so a
 * failed build (or a lost race) leaves every environment as it was.
 */
export class Publisher {
  constructor(
    private readonly store: Store,
    private readonly builder: PartialBuilder,
    private readonly properties: PropertyService,
  ) {}

  async load(propertyId: string, libraryId: string): Promise<LibraryInfo> {
    const library = await this.store.authoring.getLibrary(propertyId, libraryId);
    if (!library) throw apiProblems.notFound(`Library "${libraryId}" of property "${propertyId}"`);
    return library;
  }

  async create(
    propertyId: string,
    input: { name: string; environmentId: string; revision?: number },
    user: string,
  ): Promise<LibraryInfo> {
    const current = await this.properties.load(propertyId);
    const revision = input.revision ?? current.revision;
    const { document } = await this.properties.loadRevision(propertyId, revision);
    const env = document.environments.find((e) => e.id === input.environmentId);
    if (env?.stage !== "development")
      throw apiProblems.invalidField(
        "environmentId",
        "expected a development environment of this property",
      );
    const library: LibraryInfo = {
      id: newId("LB"),
      name: input.name,
      revision,
      state: "development",
      environmentId: env.id,
      createdAt: new Date().toISOString(),
      createdBy: user,
      builds: [],
    };
    await this.store.authoring.createLibrary(propertyId, library);
    await this.store.audit.append({
      user,
      action: "library.create",
      propertyId,
      target: library.id,
      revision,
      detail: { name: library.name, environmentId: env.id },
    });
    return library;
  }

  async step(
    propertyId: string,
    libraryId: string,
    step: Step,
    user: string,
  ): Promise<LibraryInfo> {
    const rule = STEPS[step];
    const library = await this.load(propertyId, libraryId);
    if (!(rule.from as readonly LibraryState[]).includes(library.state))
      throw apiProblems.wrongState(
        `Library "${library.name}" is ${library.state}; ${step} needs it ${rule.from.join(" or ")}.`,
      );
    const next: LibraryInfo = { ...library, state: rule.to, builds: [...library.builds] };
    const files = [];
    if (rule.stage) {
      const { document } = await this.properties.loadRevision(propertyId, library.revision);
      const env = this.target(document, library, rule.stage);
      const built = await this.build(document, env.id);
      const at = new Date().toISOString();
      next.builds.push({ environmentId: env.id, stage: env.stage, at, by: user, ...built.figures });
      files.push({
        environmentId: env.id,
        fileName: LIBRARY_FILE,
        contentType: "application/javascript; charset=utf-8",
        body: Buffer.from(built.code),
      });
      if (rule.stage === "production") next.publishedAt = at;
    }
    if (!(await this.store.authoring.transition(propertyId, next, library.state, files)))
      throw apiProblems.wrongState(
        `Library "${library.name}" changed by someone else during ${step}; reload it.`,
      );
    await this.store.audit.append({
      user,
      action: rule.action,
      propertyId,
      target: library.id,
      revision: library.revision,
      detail: {
        name: library.name,
        from: library.state,
        to: next.state,
        ...(files[0] ? { environmentId: files[0].environmentId } : {}),
      },
    });
    return next;
  }

  private target(
    document: PropertyDocument,
    library: LibraryInfo,
    stage: Stage,
  ): PropertyEnvironment {
    const env =
      stage === "development"
        ? document.environments.find((e) => e.id === library.environmentId)
        : document.environments.find((e) => e.stage === stage);
    if (!env)
      throw apiProblems.conflict(
        `Revision ${library.revision} has no ${stage} environment to build to.`,
      );
    return env;
  }

  /** Refuses a property with validation problems; a builder exception becomes a 422. */
  private async build(document: PropertyDocument, environmentId: string) {
    const problems = need(this.builder, "validateProperty")(document);
    if (problems.length > 0)
      throw apiProblems.notBuildable(problems.map((p) => ({ path: p.path, message: p.message })));
    const buildLibrary = need(this.builder, "buildLibrary");
    let built;
    try {
      built = await buildLibrary(document, {
        environmentId,
        buildDate: new Date().toISOString(),
        minify: true,
      });
    } catch (error) {
      throw apiProblems.buildFailed(error instanceof Error ? error.message : String(error));
    }
    return {
      code: built.code,
      figures: { bytes: built.bytes, gzipBytes: built.gzipBytes, durationMs: built.durationMs },
    };
  }
}
