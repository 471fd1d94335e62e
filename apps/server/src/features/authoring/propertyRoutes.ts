import {
  PROPERTY_FORMAT_VERSION,
  SEPARATION_OF_DUTIES_LABEL,
  ValidationError,
  ValidationErrors,
  type Company,
  type ImportMode,
  type ImportResult,
  type ImportUpdate,
  type PropertyDiff,
  type PropertyDocument,
  type PropertyDocumentSettings,
  type PropertyPlatform,
} from "@liftoff/schema";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { userOf, type ApiContext } from "../../main/ApiContext.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import { cacheControlFor } from "../publishing/Publisher.ts";
import parseStrictJson from "../../http/parseStrictJson.ts";
import unstorableStrings from "../../http/unstorableStrings.ts";
import { asBadRequest, writesBetween } from "./PropertyService.ts";
import {
  copyName,
  copyOfDocument,
  importedInto,
  importUpdateOf,
  importUpdateSummary,
} from "./importAgain.ts";
import { documentOf, type PropertySnapshot } from "./AuthoringRepository.ts";
import { positiveIntegerText, revisedBody, text } from "../../http/apiSchemas.ts";
import { newId, paramsOf, revisionOf } from "../../http/requestParts.ts";
import { isPlainObject, SETTINGS_RESOURCE_ID } from "@liftoff/schema";
import buildFolderFiles from "./buildFolderFiles.ts";

const createBody = {
  type: "object",
  required: ["name"],
  properties: {
    name: text(),
    orgId: {
      type: "string",
      maxLength: 100,
      pattern: "^[A-Za-z0-9]+@AdobeOrg$",
      description: "expected an org id like ABCDEF0123456789ABCDEF01@AdobeOrg",
    },
    domains: { type: "array", maxItems: 100, items: text(253) },
    platform: {
      type: "string",
      enum: ["web", "edge"],
      description: 'expected "web" or "edge" (an event forwarding property)',
    },
  },
} as const;
interface CreateBody {
  name: string;
  /** Needed only by extensions that use it (the Web SDK); checked when given. */
  orgId?: string;
  domains?: string[];
  /** `edge`: an event forwarding property (docs/event-forwarding.md); fixed once created. */
  platform?: PropertyPlatform;
}

/** Settings: the members sent are merged over what the document has. */
const settingsBody = revisedBody({
  name: text(),
  settings: { type: "object" },
  company: { type: "object" },
});
interface SettingsBody {
  revision: number;
  name?: string;
  settings?: Partial<PropertyDocumentSettings>;
  /** `orgId: null` removes the org id (optional until an extension needs it). */
  company?: Omit<Partial<Company>, "orgId"> & { orgId?: string | null };
}

const revisionParams = {
  type: "object",
  properties: { n: positiveIntegerText },
} as const;

const diffQuery = {
  type: "object",
  required: ["from", "to"],
  properties: { from: positiveIntegerText, to: positiveIntegerText },
} as const;

const exportQuery = {
  type: "object",
  properties: {
    format: { type: "string", enum: ["launch", "liftoff"] },
    environmentId: text(100),
  },
} as const;

/**
 * A new property: the three Launch environments and the Core extension, nothing else yet.
 * The org id is kept when given; Core does not need one. An event forwarding property
 * (`platform` `edge`) gets the server-side Core, which has the same name.
 */
export function newPropertyDocument(
  name: string,
  orgId: string | undefined,
  domains: string[],
  platform: PropertyPlatform = "web",
): PropertyDocument {
  return {
    formatVersion: PROPERTY_FORMAT_VERSION,
    company:
      orgId === undefined ? { dynamicCdnEnabled: false } : { orgId, dynamicCdnEnabled: false },
    property: {
      id: newId("PR"),
      name,
      settings: {
        ...(platform === "edge" ? { platform } : {}),
        domains,
        undefinedVarsReturnEmpty: false,
        ruleComponentSequencingEnabled: false,
      },
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

/**
 * An import body: a JSON object (application/json, parsed by the API), or text: a built
 * Launch library file, or a container or document sent as text, parsed as strictly as JSON.
 */
function importInput(request: FastifyRequest): unknown {
  const sent = request.body;
  const expected = "expected a Launch container, library file or property document";
  if (typeof sent === "object" && sent !== null && !Array.isArray(sent)) return sent;
  if (typeof sent !== "string" || sent.trim() === "")
    throw apiProblems.invalidField("body", expected);
  if (!sent.trimStart().startsWith("{")) return sent;
  return parseStrictJson(Buffer.from(sent), apiProblems.invalidField);
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

/** `{"files": […]}`: a downloaded build folder, as a browser sends one (buildFolderFiles). */
const isBuildFolder = (input: unknown): input is Record<string, unknown> =>
  isPlainObject(input) && "files" in input && !("formatVersion" in input);

/**
 * Imports use this body limit instead of the server's 1 MB: a build folder sent as JSON
 * (library, external code, hosted files) is a few MB. Larger bodies get the usual 413.
 */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/** A build folder's files imported with what they carry; refusals name `files[i]…`. */
async function importBuildFolder(ctx: ApiContext, body: Record<string, unknown>) {
  const files = buildFolderFiles(body);
  try {
    return await ctx.builder.importFiles(files);
  } catch (error) {
    const field = (error as { field?: unknown }).field;
    if (error instanceof Error && typeof field === "string")
      throw apiProblems.invalidField(field, error.message);
    return asBadRequest(error);
  }
}

const importQuery = {
  type: "object",
  properties: {
    mode: {
      type: "string",
      enum: ["new", "copy", "update"],
      description: "expected new, copy or update",
    },
    revision: positiveIntegerText,
    dryRun: { type: "string", enum: ["true", "false"], description: "expected true or false" },
  },
} as const;
interface ImportQuery {
  mode?: ImportMode;
  revision?: string;
  dryRun?: "true" | "false";
}

/**
 * `?mode=update`: the imported library's rules, data elements and extensions become the
 * property's, as one property revision of exactly the resources that differ (deleted ones as
 * delete revisions, so history and rollback keep them; unchanged ones untouched). The person
 * confirmed what a dry run showed at `seen`: a property that moved since is refused (409
 * `property-changed`) rather than updated over changes they never saw.
 */
async function updateFromImport(
  ctx: ApiContext,
  document: unknown,
  user: string,
  seen: number | undefined,
  dryRun: boolean,
): Promise<Omit<ImportResult, "report">> {
  const { properties } = ctx;
  const imported = properties.parse(document);
  const pid = imported.property.id;
  const refuseStale = (head: PropertySnapshot) => {
    if (seen !== undefined && head.revision !== seen)
      throw apiProblems.propertyChanged({
        yourRevision: seen,
        currentRevision: head.revision,
        changedBy: head.updatedBy,
        changedAt: head.updatedAt,
      });
  };
  if (dryRun) {
    const head = await properties.snapshot(pid);
    refuseStale(head);
    const next = properties.parse(importedInto(documentOf(head), imported));
    return {
      property: await properties.state(head),
      update: importUpdateOf(head, writesBetween(head, next), true),
    };
  }
  let update: ImportUpdate | undefined;
  const property = await properties.change(pid, user, [], (draft, head) => {
    refuseStale(head);
    const next = importedInto(draft, imported);
    Object.assign(draft, next);
    update = importUpdateOf(head, writesBetween(head, properties.parse(next)), false);
    return { action: "property.import.update", target: pid, summary: importUpdateSummary(update) };
  });
  return { property, update: update! };
}

interface SummaryQueryText {
  kind: "rule" | "dataElement";
  q?: string;
  enabled?: "true" | "false";
  sort?: "position" | "name" | "updatedAt" | "problems";
  order?: "asc" | "desc";
  offset?: string;
  limit?: string;
}

/** `GET …/summaries`: which list, a name filter, and one page of it (at most 500 rows). */
const summaryQuery = {
  type: "object",
  required: ["kind"],
  additionalProperties: false,
  properties: {
    kind: { type: "string", enum: ["rule", "dataElement"] },
    q: { type: "string", maxLength: 200, description: "expected at most 200 characters" },
    enabled: { type: "string", enum: ["true", "false"] },
    sort: { type: "string", enum: ["position", "name", "updatedAt", "problems"] },
    order: { type: "string", enum: ["asc", "desc"] },
    offset: {
      type: "string",
      pattern: "^(0|[1-9][0-9]{0,8})$",
      description: "expected an integer from 0",
    },
    limit: {
      type: "string",
      pattern: "^([1-9][0-9]?|[1-4][0-9][0-9]|500)$",
      description: "expected an integer from 1 to 500",
    },
  },
} as const;

/**
 * Properties: list, create, read, settings, validation, list summaries, revisions, diff,
 * export, import.
 */
export default function propertyRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { properties } = ctx;

  app.get("/api/properties", { config: { access: "viewer" } }, () =>
    ctx.store.authoring.listProperties(),
  );

  app.post<{ Body: CreateBody }>(
    "/api/properties",
    { config: { access: "editor" }, schema: { body: createBody } },
    async (request, reply) => {
      const { name, orgId, domains = [], platform } = request.body;
      const document = newPropertyDocument(name, orgId, domains, platform);
      const snapshot = await properties.create(document, userOf(request), {
        action: "property.create",
        summary: `created property "${name}"`,
      });
      return reply.code(201).send(await properties.state(snapshot));
    },
  );

  app.get("/api/properties/:pid", { config: { access: "viewer" } }, async (request) =>
    properties.state(await properties.snapshot(paramsOf(request).pid!)),
  );

  app.put<{ Body: SettingsBody }>(
    "/api/properties/:pid/settings",
    { config: { access: "editor" }, schema: { body: settingsBody } },
    async (request) => {
      const { name, settings, company } = request.body;
      const pid = paramsOf(request).pid!;
      const state = await properties.change(
        pid,
        userOf(request),
        [{ ref: { kind: "settings", id: SETTINGS_RESOURCE_ID }, revision: revisionOf(request) }],
        (document) => {
          const wasSeparate = document.property.settings.separationOfDuties === true;
          if (name !== undefined) document.property.name = name;
          if (settings)
            document.property.settings = {
              ...document.property.settings,
              ...settings,
            };
          if (company) {
            const { orgId, ...rest } = company;
            document.company = { ...document.company, ...rest };
            if (orgId === null) delete document.company.orgId;
            else if (orgId !== undefined) document.company.orgId = orgId;
          }
          // Turning separation of duties on or off is named in the history and the audit log
          // (only admins may: PropertyService refuses it for anyone else).
          const separate = document.property.settings.separationOfDuties === true;
          const others =
            name !== undefined ||
            company !== undefined ||
            Object.keys(settings ?? {}).some((key) => key !== "separationOfDuties");
          const turned = `turned ${separate ? "on" : "off"} "${SEPARATION_OF_DUTIES_LABEL}"`;
          return {
            action: "property.settings",
            target: document.property.id,
            summary:
              separate === wasSeparate
                ? "updated property settings"
                : others
                  ? `updated property settings; ${turned}`
                  : turned,
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
    },
  );

  app.get("/api/properties/:pid/validation", { config: { access: "viewer" } }, async (request) => {
    const pid = paramsOf(request).pid!;
    // Kept per revision: a known one is answered without reading the property again.
    const revision = await ctx.store.authoring.headRevision(pid);
    const known =
      revision === undefined ? undefined : await properties.views.knownFindings(pid, revision);
    if (known) return { revision, ...known };
    const snapshot = await properties.snapshot(pid);
    return { revision: snapshot.revision, ...(await properties.views.findings(snapshot)) };
  });

  app.get<{ Querystring: SummaryQueryText }>(
    "/api/properties/:pid/summaries",
    { config: { access: "viewer" }, schema: { querystring: summaryQuery } },
    async (request) => {
      const { kind, q, enabled, sort, order, offset, limit } = request.query;
      return properties.views.summaries(paramsOf(request).pid!, {
        kind,
        ...(q ? { q } : {}),
        ...(enabled === undefined ? {} : { enabled: enabled === "true" }),
        ...(sort ? { sort } : {}),
        ...(order ? { order } : {}),
        offset: offset === undefined ? 0 : Number(offset),
        limit: limit === undefined ? 100 : Number(limit),
      });
    },
  );

  app.get("/api/properties/:pid/revisions", { config: { access: "viewer" } }, async (request) => {
    const { pid } = paramsOf(request);
    await properties.load(pid!);
    return ctx.store.authoring.listRevisions(pid!);
  });

  app.get(
    "/api/properties/:pid/revisions/:n",
    { config: { access: "viewer" }, schema: { params: revisionParams } },
    async (request) => {
      const { pid, n } = paramsOf(request);
      return properties.state(await properties.snapshot(pid!, Number(n)));
    },
  );

  app.get<{ Querystring: { from: string; to: string } }>(
    "/api/properties/:pid/diff",
    { config: { access: "viewer" }, schema: { querystring: diffQuery } },
    async (request): Promise<PropertyDiff> => {
      const { pid } = paramsOf(request);
      const from = Number(request.query.from);
      const to = Number(request.query.to);
      const [a, b] = [
        await properties.loadRevision(pid!, from),
        await properties.loadRevision(pid!, to),
      ];
      return { from, to, changes: ctx.builder.diffProperties(a.document, b.document) };
    },
  );

  app.get<{ Querystring: { format?: "launch" | "liftoff"; environmentId?: string } }>(
    "/api/properties/:pid/export",
    { config: { access: "viewer" }, schema: { querystring: exportQuery } },
    async (request) => {
      const { document } = await properties.load(paramsOf(request).pid!);
      const query = request.query;
      if (query.format === undefined || query.format === "liftoff") return document;
      const environmentId =
        query.environmentId ?? document.environments.find((e) => e.stage === "production")?.id;
      if (!environmentId || !document.environments.some((e) => e.id === environmentId))
        throw apiProblems.invalidField(
          "environmentId",
          "expected an environment id of this property",
        );
      try {
        return await ctx.builder.exportLaunch(document, environmentId);
      } catch (error) {
        return refusedOr(error);
      }
    },
  );

  app.post<{ Querystring: ImportQuery }>(
    "/api/properties/import",
    {
      config: { access: "editor" },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { querystring: importQuery },
    },
    async (request, reply) => {
      const { mode = "new", revision, dryRun } = request.query;
      if (dryRun !== undefined && mode !== "update")
        throw apiProblems.invalidField("dryRun", "only an update (mode=update) has a dry run");
      if (mode === "update" && dryRun !== "true" && revision === undefined)
        throw apiProblems.invalidField(
          "revision",
          "expected the property revision the update was seen at (a dry run answers it)",
        );
      const input = importInput(request);
      let document: unknown = input;
      let report: ImportResult["report"] = { mapped: [], opaque: [], warnings: [] };
      if (isBuildFolder(input)) ({ document, report } = await importBuildFolder(ctx, input));
      else if (!isPropertyDocument(input)) {
        try {
          ({ document, report } = ctx.builder.importLaunch(input));
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
      // The request's own strings were checked (refuseUnstorableStrings); text the import read
      // itself (a library's code, a container sent as text) is checked by the same rule here.
      const unstorable = unstorableStrings(document, "document");
      if (unstorable.length > 0) throw apiProblems.invalidBody(unstorable);
      if (mode === "update") {
        const seen = revision === undefined ? undefined : Number(revision);
        const update = await updateFromImport(
          ctx,
          document,
          userOf(request),
          seen,
          dryRun === "true",
        );
        return reply.code(200).send({ ...update, report } satisfies ImportResult);
      }
      let summary = "imported the property";
      if (mode === "copy") {
        const parsed = properties.parse(document);
        const taken = new Set((await ctx.store.authoring.listProperties()).map((p) => p.name));
        document = copyOfDocument(parsed, copyName(parsed.property.name, taken));
        summary = `imported a copy of "${parsed.property.name}" (${parsed.property.id})`;
      }
      const snapshot = await properties.create(document, userOf(request), {
        action: "property.import",
        summary,
      });
      const result: ImportResult = { property: await properties.state(snapshot), report };
      return reply.code(201).send(result);
    },
  );
}
