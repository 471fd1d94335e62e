import type { BreakdownDefinition, SavedReport } from "@liftoff/schema";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiProblems } from "../../http/apiProblems.ts";
import { userOf, type ApiContext } from "../../main/ApiContext.ts";
import { text } from "../../http/apiSchemas.ts";
import { newId, paramsOf } from "../../http/requestParts.ts";
import { problemsUnder } from "../../http/HttpError.ts";
import { documentOf } from "../authoring/AuthoringRepository.ts";
import parseSavedDefinition from "./parseSavedDefinition.ts";

/** The longest name of a saved report. */
export const SAVED_REPORT_NAME_MAX = 200;

const make = problemsUnder("urn:liftoff:errors:api:");
const notYours = (createdBy: string) =>
  make(
    403,
    "forbidden",
    "Not allowed",
    `Only the person who saved this report (${createdBy}) or an admin may rename, change or delete it.`,
  );
const nameTaken = (name: string) => apiProblems.nameTaken("name", "saved report", name);

// The definition's own checks are parseSavedDefinition's (the live report's parsers); the
// schema only says it is an object, so its 400s name the same fields as the report's.
const definition = { type: "object" } as const;
const createBody = {
  type: "object",
  required: ["name", "definition"],
  properties: { name: text(SAVED_REPORT_NAME_MAX), definition },
} as const;
const updateBody = {
  type: "object",
  minProperties: 1,
  properties: { name: text(SAVED_REPORT_NAME_MAX), definition },
} as const;
const idParams = {
  type: "object",
  properties: {
    id: {
      type: "string",
      pattern: "^[A-Za-z0-9_-]{1,64}$",
      description: "expected a saved report id",
    },
  },
} as const;

interface Body {
  name?: string;
  definition?: Record<string, unknown>;
}

/**
 * The definition, checked, plus the property's own check: an environment named in it must
 * be one of the property's (the report would otherwise be silently empty).
 */
async function checkedDefinition(
  ctx: ApiContext,
  pid: string,
  raw: Record<string, unknown>,
): Promise<BreakdownDefinition> {
  const out = parseSavedDefinition(raw);
  const snapshot = await ctx.properties.snapshot(pid);
  if (
    out.environmentId !== undefined &&
    !documentOf(snapshot).environments.some((env) => env.id === out.environmentId)
  )
    throw apiProblems.invalidField(
      "definition.environmentId",
      `the property has no environment "${out.environmentId}"`,
    );
  return out;
}

async function existing(ctx: ApiContext, pid: string, id: string): Promise<SavedReport> {
  await ctx.properties.snapshot(pid);
  const report = await ctx.store.savedReports.get(pid, id);
  if (!report) throw apiProblems.notFound(`Saved report "${id}" of property "${pid}"`);
  return report;
}

/** Only its creator or an admin changes a saved report; anyone who reads reports opens it. */
function refuseOthers(request: FastifyRequest, report: SavedReport): void {
  const signed = request.signed;
  // Without a session the app runs with auth off (tests): nobody to refuse.
  if (!signed) return;
  if (signed.user.role !== "admin" && signed.user.username !== report.createdBy)
    throw notYours(report.createdBy);
}

/**
 * Breakdown reports saved per property (docs/server.md, Saved reports; packages/schema
 * api.ts has the shapes). Whoever may read reports (every role) lists, opens and saves
 * them; only a report's creator or an admin renames, redefines or deletes it. Each write is
 * in the audit log.
 */
export default function savedReportRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const base = "/api/properties/:pid/saved-reports";

  app.get(base, { config: { access: "viewer" } }, async (request) => {
    const pid = paramsOf(request).pid!;
    await ctx.properties.snapshot(pid);
    return ctx.store.savedReports.list(pid);
  });

  app.get(
    `${base}/:id`,
    { config: { access: "viewer" }, schema: { params: idParams } },
    async (request) => {
      const { pid, id } = paramsOf(request);
      return existing(ctx, pid!, id!);
    },
  );

  app.post<{ Body: Body }>(
    base,
    { config: { access: "viewer" }, schema: { body: createBody } },
    async (request, reply) => {
      const pid = paramsOf(request).pid!;
      const user = userOf(request);
      const name = request.body.name!.trim();
      const at = new Date().toISOString();
      const report: SavedReport = {
        id: newId("SR"),
        propertyId: pid,
        name,
        definition: await checkedDefinition(ctx, pid, request.body.definition!),
        createdBy: user,
        createdAt: at,
        updatedBy: user,
        updatedAt: at,
      };
      if (!(await ctx.store.savedReports.create(report))) throw nameTaken(name);
      await ctx.store.audit.append({
        user,
        action: "report.save",
        propertyId: pid,
        target: report.id,
        detail: { summary: `saved report "${name}"` },
      });
      return reply.code(201).send(report);
    },
  );

  app.put<{ Body: Body }>(
    `${base}/:id`,
    { config: { access: "viewer" }, schema: { params: idParams, body: updateBody } },
    async (request) => {
      const { pid, id } = paramsOf(request) as { pid: string; id: string };
      const before = await existing(ctx, pid, id);
      refuseOthers(request, before);
      const user = userOf(request);
      const name = request.body.name?.trim();
      const change = {
        ...(name !== undefined ? { name } : {}),
        ...(request.body.definition !== undefined
          ? { definition: await checkedDefinition(ctx, pid, request.body.definition) }
          : {}),
        updatedBy: user,
        updatedAt: new Date().toISOString(),
      };
      const written = await ctx.store.savedReports.update(pid, id, change);
      if (written === "taken") throw nameTaken(name!);
      if (written === "missing")
        throw apiProblems.notFound(`Saved report "${id}" of property "${pid}"`);
      await ctx.store.audit.append({
        user,
        action: "report.update",
        propertyId: pid,
        target: id,
        detail: {
          summary:
            name !== undefined && name !== before.name
              ? `renamed saved report "${before.name}" to "${name}"`
              : `changed saved report "${before.name}"`,
        },
      });
      return existing(ctx, pid, id);
    },
  );

  app.delete(
    `${base}/:id`,
    { config: { access: "viewer" }, schema: { params: idParams } },
    async (request, reply) => {
      const { pid, id } = paramsOf(request) as { pid: string; id: string };
      const before = await existing(ctx, pid, id);
      refuseOthers(request, before);
      if (!(await ctx.store.savedReports.remove(pid, id)))
        throw apiProblems.notFound(`Saved report "${id}" of property "${pid}"`);
      await ctx.store.audit.append({
        user: userOf(request),
        action: "report.delete",
        propertyId: pid,
        target: id,
        detail: { summary: `deleted saved report "${before.name}"` },
      });
      return reply.code(204).send();
    },
  );
}
