import { type EnvironmentInfo, type PropertyDocument, type ResourceRef } from "@liftoff/schema";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EnvironmentPointer, LibraryRecord } from "../authoring/AuthoringRepository.ts";
import { userOf, type ApiContext } from "../../main/ApiContext.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import type { Access } from "../../http/routeAccess.ts";
import { cacheControlFor, LIBRARY_FILE, type Step } from "./Publisher.ts";
import { libraryResourceKind, resourceRef, revisionQuery, text } from "../../http/apiSchemas.ts";
import { newId, originOf, paramsOf, revisionOf } from "../../http/requestParts.ts";

function environmentInfo(
  ctx: ApiContext,
  request: FastifyRequest,
  document: PropertyDocument,
  env: PropertyDocument["environments"][number],
  pointers: EnvironmentPointer[],
  libraries: LibraryRecord[],
): EnvironmentInfo {
  // With a public origin, sites load libraries from it, never from the studio's origin.
  const origin = ctx.publicOrigin ?? originOf(request);
  const libraryUrl = `${origin}/libs/${document.property.id}/${env.id}/${LIBRARY_FILE}`;
  const pointer = pointers.find((p) => p.environmentId === env.id);
  const served = pointer && libraries.find((l) => l.id === pointer.libraryId);
  const holder = libraries.find((l) =>
    env.stage === "development"
      ? l.environmentId === env.id && (l.state === "development" || l.state === "rejected")
      : env.stage === "staging" && (l.state === "submitted" || l.state === "approved"),
  );
  return {
    id: env.id,
    name: env.name,
    stage: env.stage,
    embedCode: ctx.builder.createEmbedCode(libraryUrl),
    libraryUrl,
    ...(pointer ? { libraryId: pointer.libraryId, builtAt: pointer.builtAt } : {}),
    ...(served ? { libraryName: served.name } : {}),
    ...(holder ? { heldBy: { id: holder.id, name: holder.name, state: holder.state } } : {}),
    cacheControl: cacheControlFor(env.stage, document),
  };
}

const resources = { type: "array", maxItems: 1000, items: resourceRef } as const;
const addAllChanged = { type: "boolean" } as const;

const environmentBody = {
  type: "object",
  required: ["name"],
  properties: { name: text() },
} as const;

const libraryBody = {
  type: "object",
  required: ["name"],
  properties: { name: text(), environmentId: text(100), resources, addAllChanged },
} as const;
interface LibraryBody {
  name: string;
  environmentId?: string;
  resources?: ResourceRef[];
  addAllChanged?: boolean;
}

/** A library's new name or environment; `environmentId: null` takes it out of its one. */
const libraryPatch = {
  type: "object",
  properties: { name: text(), environmentId: { ...text(100), nullable: true } },
} as const;

const addBody = { type: "object", properties: { resources, addAllChanged } } as const;

const resourceParams = { type: "object", properties: { kind: libraryResourceKind } } as const;

/** Who may take each step of a library: editors build and submit, approvers the rest. */
const STEP_ACCESS: Record<Step, Access> = {
  build: "editor",
  submit: "editor",
  reject: "approver",
  approve: "approver",
  publish: "approver",
  republish: "approver",
};

/** Environments, libraries, their resources and the publishing steps. */
export default function publishingRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { properties, publisher } = ctx;

  const environments = async (request: FastifyRequest, document: PropertyDocument) => {
    const pid = document.property.id;
    const pointers = await ctx.store.authoring.environmentPointers(pid);
    const libraries = await ctx.store.authoring.listLibraries(pid);
    return document.environments.map((env) =>
      environmentInfo(ctx, request, document, env, pointers, libraries),
    );
  };

  app.get(
    "/api/properties/:pid/environments",
    { config: { access: "viewer" } },
    async (request) => {
      const { document } = await properties.load(paramsOf(request).pid!);
      return environments(request, document);
    },
  );

  app.post<{ Body: { name: string } }>(
    "/api/properties/:pid/environments",
    { config: { access: "admin" }, schema: { body: environmentBody } },
    async (request, reply) => {
      const { name } = request.body;
      const id = newId("EN");
      const state = await properties.change(
        paramsOf(request).pid!,
        userOf(request),
        [{ ref: { kind: "environment", id } }],
        (document) => {
          document.environments.push({ id, name, stage: "development" });
          return {
            action: "environment.create",
            target: id,
            summary: `added development environment "${name}"`,
          };
        },
      );
      const created = (await environments(request, state.document)).find((e) => e.id === id)!;
      return reply.code(201).send(created);
    },
  );

  app.delete(
    "/api/properties/:pid/environments/:id",
    { config: { access: "admin" }, schema: { querystring: revisionQuery } },
    async (request, reply) => {
      const { pid, id } = paramsOf(request);
      const holder = (await ctx.store.authoring.listLibraries(pid!)).find(
        (l) => l.environmentId === id && (l.state === "development" || l.state === "rejected"),
      );
      if (holder)
        throw apiProblems.conflict(
          `The environment holds library "${holder.name}"; take it out of that library first.`,
        );
      await properties.change(
        pid!,
        userOf(request),
        [{ ref: { kind: "environment", id: id! }, revision: revisionOf(request) }],
        (document) => {
          const env = document.environments.find((e) => e.id === id);
          if (!env) throw apiProblems.notFound(`Environment "${id}"`);
          if (env.stage !== "development")
            throw apiProblems.conflict(
              `The ${env.stage} environment cannot be deleted; only development ones can.`,
            );
          document.environments.splice(document.environments.indexOf(env), 1);
          return {
            action: "environment.remove",
            target: id!,
            summary: `removed development environment "${env.name}"`,
          };
        },
      );
      return reply.code(204).send();
    },
  );

  app.get("/api/properties/:pid/libraries", { config: { access: "viewer" } }, async (request) => {
    const { pid } = paramsOf(request);
    return publisher.list(pid!);
  });

  app.post<{ Body: LibraryBody }>(
    "/api/properties/:pid/libraries",
    { config: { access: "editor" }, schema: { body: libraryBody } },
    async (request, reply) => {
      const { name, environmentId, resources, addAllChanged = false } = request.body;
      const library = await publisher.create(
        paramsOf(request).pid!,
        {
          name,
          ...(environmentId ? { environmentId } : {}),
          ...(resources ? { resources } : {}),
          addAllChanged,
        },
        userOf(request),
      );
      return reply.code(201).send(library);
    },
  );

  app.get(
    "/api/properties/:pid/libraries/:lid",
    { config: { access: "viewer" } },
    async (request) => {
      const { pid, lid } = paramsOf(request);
      return publisher.info(pid!, await publisher.load(pid!, lid!));
    },
  );

  app.patch<{ Body: { name?: string; environmentId?: string | null } }>(
    "/api/properties/:pid/libraries/:lid",
    { config: { access: "editor" }, schema: { body: libraryPatch } },
    async (request) => {
      const { pid, lid } = paramsOf(request);
      const { name, environmentId } = request.body;
      return publisher.update(
        pid!,
        lid!,
        {
          ...(name !== undefined ? { name } : {}),
          ...(environmentId !== undefined ? { environmentId } : {}),
        },
        userOf(request),
      );
    },
  );

  app.delete(
    "/api/properties/:pid/libraries/:lid",
    { config: { access: "editor" } },
    async (request, reply) => {
      const { pid, lid } = paramsOf(request);
      await publisher.remove(pid!, lid!, userOf(request));
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { resources?: ResourceRef[]; addAllChanged?: boolean } }>(
    "/api/properties/:pid/libraries/:lid/resources",
    { config: { access: "editor" }, schema: { body: addBody } },
    async (request) => {
      const { pid, lid } = paramsOf(request);
      const { resources, addAllChanged = false } = request.body;
      if (!resources?.length && !addAllChanged)
        throw apiProblems.invalidField(
          "resources",
          "name resources to add, or addAllChanged: true",
        );
      return publisher.addResources(
        pid!,
        lid!,
        { ...(resources ? { resources } : {}), addAllChanged },
        userOf(request),
      );
    },
  );

  app.delete(
    "/api/properties/:pid/libraries/:lid/resources/:kind/:id",
    { config: { access: "editor" }, schema: { params: resourceParams } },
    async (request) => {
      const { pid, lid, kind, id } = paramsOf(request);
      return publisher.removeResource(
        pid!,
        lid!,
        { kind: kind as ResourceRef["kind"], id: id! },
        userOf(request),
      );
    },
  );

  for (const step of Object.keys(STEP_ACCESS) as Step[])
    app.post(
      `/api/properties/:pid/libraries/:lid/${step}`,
      { config: { access: STEP_ACCESS[step] } },
      async (request) => {
        const { pid, lid } = paramsOf(request);
        return publisher.step(pid!, lid!, step, userOf(request));
      },
    );
}
