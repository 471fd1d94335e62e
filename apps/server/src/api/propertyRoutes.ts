import {
  PROPERTY_FORMAT_VERSION,
  ValidationError,
  ValidationErrors,
  type Company,
  type ImportResult,
  type PropertyDiff,
  type PropertyDocument,
  type PropertyDocumentSettings,
} from "@liftoff/schema";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { userOf, type ApiContext } from "./ApiContext.ts";
import { apiProblems } from "./ApiError.ts";
import { cacheControlFor } from "./Publisher.ts";
import { asBadRequest, need } from "./PropertyService.ts";
import {
  jsonBody,
  newId,
  paramsOf,
  positiveInteger,
  queryOf,
  revisionOf,
  stringField,
} from "./requestParts.ts";
import { SETTINGS_RESOURCE_ID } from "@liftoff/schema";

function domainsOf(body: Record<string, unknown>): string[] {
  const domains = body.domains ?? [];
  if (!Array.isArray(domains) || domains.some((d) => typeof d !== "string" || d.trim() === ""))
    throw apiProblems.invalidField("domains", "expected a list of host names");
  return domains as string[];
}

/** A new property: the three Launch environments and the Core extension, nothing else yet. */
export function newPropertyDocument(
  name: string,
  orgId: string,
  domains: string[],
): PropertyDocument {
  return {
    formatVersion: PROPERTY_FORMAT_VERSION,
    company: { orgId, dynamicCdnEnabled: false },
    property: {
      id: newId("PR"),
      name,
      settings: { domains, undefinedVarsReturnEmpty: false, ruleComponentSequencingEnabled: false },
    },
    environments: [
      { id: newId("EN"), name: "Development", stage: "development" },
      { id: newId("EN"), name: "Staging", stage: "staging" },
      { id: newId("EN"), name: "Production", stage: "production" },
    ],
    extensions: [{ name: "core", displayName: "Core", settings: {} }],
    dataElements: [],
    rules: [],
  };
}

/** An optional object member of the settings body, merged over what the document has. */
function mergeable(
  body: Record<string, unknown>,
  name: string,
): Record<string, unknown> | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw apiProblems.invalidField(name, "expected an object");
  return value as Record<string, unknown>;
}

/** An import body: JSON when it parses, else the text itself (a built Launch library file). */
function importInput(request: FastifyRequest): unknown {
  const raw = request.body;
  if (typeof raw !== "string") return raw;
  if (raw.trim() === "")
    throw apiProblems.invalidField(
      "body",
      "expected a Launch container, library file or property document",
    );
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** The builder refuses documents with validation problems (`BuildRefusedError.problems`). */
export function refusedOr(error: unknown): never {
  const problems = (error as { problems?: unknown }).problems;
  if (Array.isArray(problems))
    throw apiProblems.notBuildable(problems as Array<{ path: string; message: string }>);
  throw error;
}

const isPropertyDocument = (input: unknown) =>
  typeof input === "object" && input !== null && "formatVersion" in input;

/** Properties: list, create, read, settings, validation, revisions, diff, export, import. */
export default function propertyRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const viewer = { preHandler: ctx.guard("viewer") };
  const editor = { preHandler: ctx.guard("editor") };
  const { properties } = ctx;

  app.get("/api/properties", viewer, () => ctx.store.authoring.listProperties());

  app.post("/api/properties", editor, async (request, reply) => {
    const body = jsonBody(request);
    const name = stringField(body, "name")!;
    const orgId = stringField(body, "orgId")!;
    if (!/^[A-Za-z0-9]+@AdobeOrg$/.test(orgId))
      throw apiProblems.invalidField(
        "orgId",
        "expected an org id like 5LIFTOFF0PCMARKETING0001@AdobeOrg",
      );
    const document = newPropertyDocument(name, orgId, domainsOf(body));
    const snapshot = await properties.create(document, userOf(request), {
      action: "property.create",
      summary: `created property "${name}"`,
    });
    return reply.code(201).send(await properties.state(snapshot));
  });

  app.get("/api/properties/:pid", viewer, async (request) =>
    properties.state(await properties.snapshot(paramsOf(request).pid!)),
  );

  app.put("/api/properties/:pid/settings", editor, async (request) => {
    const body = jsonBody(request);
    const name = stringField(body, "name", { required: false });
    const settings = mergeable(body, "settings");
    const company = mergeable(body, "company");
    const pid = paramsOf(request).pid!;
    const state = await properties.change(
      pid,
      userOf(request),
      [{ ref: { kind: "settings", id: SETTINGS_RESOURCE_ID }, revision: revisionOf(request) }],
      (document) => {
        if (name !== undefined) document.property.name = name;
        if (settings)
          document.property.settings = {
            ...document.property.settings,
            ...(settings as PropertyDocumentSettings),
          };
        if (company) document.company = { ...document.company, ...(company as Partial<Company>) };
        return {
          action: "property.settings",
          target: document.property.id,
          summary: "updated property settings",
        };
      },
    );
    // A new cache time applies to the files already served, not only to the next publish.
    const shipped = state.document.environments.filter((e) => e.stage !== "development");
    await ctx.store.authoring.setCacheControl(
      pid,
      shipped.map((e) => e.id),
      cacheControlFor("production", state.document),
    );
    return state;
  });

  app.get("/api/properties/:pid/validation", viewer, async (request) => {
    const { revision, document } = await properties.load(paramsOf(request).pid!);
    return { revision, problems: need(ctx.builder, "validateProperty")(document) };
  });

  app.get("/api/properties/:pid/revisions", viewer, async (request) => {
    const { pid } = paramsOf(request);
    await properties.load(pid!);
    return ctx.store.authoring.listRevisions(pid!);
  });

  app.get("/api/properties/:pid/revisions/:n", viewer, async (request) => {
    const { pid, n } = paramsOf(request);
    return properties.state(await properties.snapshot(pid!, positiveInteger(n, "n")));
  });

  app.get("/api/properties/:pid/diff", viewer, async (request): Promise<PropertyDiff> => {
    const { pid } = paramsOf(request);
    const query = queryOf(request);
    const from = positiveInteger(query.from, "from");
    const to = positiveInteger(query.to, "to");
    const [a, b] = [
      await properties.loadRevision(pid!, from),
      await properties.loadRevision(pid!, to),
    ];
    return { from, to, changes: need(ctx.builder, "diffProperties")(a.document, b.document) };
  });

  app.get("/api/properties/:pid/export", viewer, async (request) => {
    const { document } = await properties.load(paramsOf(request).pid!);
    const query = queryOf(request);
    if (query.format === undefined || query.format === "liftoff") return document;
    if (query.format !== "launch")
      throw apiProblems.invalidField("format", "expected launch or liftoff");
    const environmentId =
      typeof query.environmentId === "string"
        ? query.environmentId
        : document.environments.find((e) => e.stage === "production")?.id;
    if (!environmentId || !document.environments.some((e) => e.id === environmentId))
      throw apiProblems.invalidField(
        "environmentId",
        "expected an environment id of this property",
      );
    try {
      return await need(ctx.builder, "exportLaunch")(document, environmentId);
    } catch (error) {
      return refusedOr(error);
    }
  });

  app.post("/api/properties/import", editor, async (request, reply) => {
    const input = importInput(request);
    let document: unknown = input;
    let report: ImportResult["report"] = { mapped: [], opaque: [], warnings: [] };
    if (!isPropertyDocument(input)) {
      const importLaunch = need(ctx.builder, "importLaunch");
      try {
        ({ document, report } = importLaunch(input));
      } catch (error) {
        if (
          error instanceof Error &&
          !(error instanceof ValidationErrors) &&
          !(error instanceof ValidationError)
        )
          throw apiProblems.invalidField("body", error.message);
        asBadRequest(error);
      }
    }
    const snapshot = await properties.create(document, userOf(request), {
      action: "property.import",
      summary: "imported the property",
    });
    const result: ImportResult = { property: await properties.state(snapshot), report };
    return reply.code(201).send(result);
  });
}
