import type { PreviewSession } from "@liftoff/schema";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { userOf, type ApiContext } from "../../main/ApiContext.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import { text } from "../../http/apiSchemas.ts";
import { paramsOf } from "../../http/requestParts.ts";
import { documentOf } from "../authoring/AuthoringRepository.ts";
import previewLink, { sitePage } from "./previewLink.ts";
import { previewProblems } from "./previewProblems.ts";
import type { PreviewSessions } from "./PreviewSessions.ts";

const startBody = {
  type: "object",
  required: ["url"],
  properties: {
    libraryId: text(64),
    url: { ...text(2048), description: "expected an absolute http(s) address of a site page" },
  },
} as const;
interface StartBody {
  libraryId?: string;
  url: string;
}

const SESSION_ID = /^[0-9a-f]{32}$/;

/** The session a URL names (`:id`), ended or not; 404 when there is none. */
export async function sessionOf(
  sessions: PreviewSessions,
  request: FastifyRequest,
): Promise<PreviewSession> {
  const id = paramsOf(request).id ?? "";
  const session = SESSION_ID.test(id) ? await sessions.get(id) : undefined;
  if (!session) throw previewProblems.unknownSession();
  return session;
}

/** What a new session previews: its label and development environment. */
async function target(
  ctx: ApiContext,
  propertyId: string,
  libraryId: string | undefined,
): Promise<{ label: string; environmentId: string }> {
  const document = documentOf(await ctx.properties.snapshot(propertyId));
  const firstDevelopment = document.environments.find((e) => e.stage === "development")?.id;
  if (libraryId === undefined) {
    if (!firstDevelopment)
      throw apiProblems.conflict("The property has no development environment to preview in.");
    return { label: "Working state", environmentId: firstDevelopment };
  }
  const library = await ctx.publisher.load(propertyId, libraryId);
  if (library.state !== "development" && library.state !== "rejected")
    throw apiProblems.wrongState(
      `Library "${library.name}" is ${library.state}; only a library in development can be previewed.`,
    );
  // A library without an environment of its own previews with the property's first one.
  const environmentId = library.environmentId ?? firstDevelopment;
  if (!environmentId)
    throw apiProblems.conflict("The property has no development environment to preview in.");
  return { label: library.name, environmentId };
}

/**
 * The studio's preview routes: start (editor), list the caller's own, read, end (editor).
 * The stream is previewStreamRoutes.ts; the page's side (build, reports) are public routes.
 */
export default function previewApiRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  sessions: PreviewSessions,
): void {
  app.post<{ Body: StartBody }>(
    "/api/properties/:pid/previews",
    { config: { access: "editor" }, schema: { body: startBody } },
    async (request, reply) => {
      const pid = paramsOf(request).pid!;
      const user = userOf(request);
      const page = sitePage(request.body.url);
      const { libraryId } = request.body;
      const { label, environmentId } = await target(ctx, pid, libraryId);
      const created = await sessions.create(
        {
          propertyId: pid,
          ...(libraryId !== undefined ? { libraryId } : {}),
          label,
          environmentId,
          createdBy: user,
        },
        (id) => previewLink(page, id),
      );
      if ("refused" in created)
        throw previewProblems.tooManySessions(
          created.refused === "user"
            ? `You have ${created.limit} active preview sessions, the limit per person; end one first.`
            : `Property ${pid} has ${created.limit} active preview sessions, its limit; end one first.`,
        );
      await ctx.store.audit.append({
        user,
        action: "preview.start",
        propertyId: pid,
        target: created.id,
        detail: { label, environmentId, libraryId: libraryId ?? null, url: page.toString() },
      });
      return reply.code(201).send(created);
    },
  );

  app.get("/api/properties/:pid/previews", { config: { access: "viewer" } }, async (request) => {
    const pid = paramsOf(request).pid!;
    await ctx.properties.snapshot(pid);
    return await sessions.listFor(pid, userOf(request));
  });

  app.get("/api/previews/:id", { config: { access: "viewer" } }, (request) =>
    sessionOf(sessions, request),
  );

  app.delete("/api/previews/:id", { config: { access: "editor" } }, async (request) => {
    const session = await sessionOf(sessions, request);
    const ended = (await sessions.end(session.id)) ?? session;
    if (!session.endedAt)
      await ctx.store.audit.append({
        user: userOf(request),
        action: "preview.end",
        propertyId: session.propertyId,
        target: session.id,
        detail: { label: session.label },
      });
    return ended;
  });
}
