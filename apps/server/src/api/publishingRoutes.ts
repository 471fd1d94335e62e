import {
  LIBRARY_RESOURCE_KINDS,
  type EnvironmentInfo,
  type PropertyDocument,
  type ResourceRef,
} from "@liftoff/schema";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type {
  EnvironmentPointer,
  LibraryRecord,
} from "../storage/authoring/AuthoringRepository.ts";
import { userOf, type ApiContext } from "./ApiContext.ts";
import { apiProblems } from "./ApiError.ts";
import { need } from "./PropertyService.ts";
import { cacheControlFor, LIBRARY_FILE, type Step } from "./Publisher.ts";
import { jsonBody, newId, originOf, paramsOf, revisionOf, stringField } from "./requestParts.ts";

function environmentInfo(
  ctx: ApiContext,
  request: FastifyRequest,
  document: PropertyDocument,
  env: PropertyDocument["environments"][number],
  pointers: EnvironmentPointer[],
  libraries: LibraryRecord[],
): EnvironmentInfo {
  const libraryUrl = `${originOf(request)}/libs/${document.property.id}/${env.id}/${LIBRARY_FILE}`;
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
    embedCode: need(ctx.builder, "createEmbedCode")(libraryUrl),
    libraryUrl,
    ...(pointer ? { libraryId: pointer.libraryId, builtAt: pointer.builtAt } : {}),
    ...(served ? { libraryName: served.name } : {}),
    ...(holder ? { heldBy: { id: holder.id, name: holder.name, state: holder.state } } : {}),
    cacheControl: cacheControlFor(env.stage, document),
  };
}

/** `resources` of a body: a list of {kind, id}. */
function resourceRefs(body: Record<string, unknown>): ResourceRef[] | undefined {
  const list = body.resources;
  if (list === undefined) return undefined;
  if (!Array.isArray(list)) throw apiProblems.invalidField("resources", "expected a list");
  return list.map((item: unknown, i) => {
    const x = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof x.kind !== "string" || typeof x.id !== "string" || x.id === "")
      throw apiProblems.invalidField(`resources[${i}]`, "expected {kind, id}");
    return { kind: x.kind as ResourceRef["kind"], id: x.id };
  });
}

function addAllChangedOf(body: Record<string, unknown>): boolean {
  if (body.addAllChanged === undefined) return false;
  if (typeof body.addAllChanged !== "boolean")
    throw apiProblems.invalidField("addAllChanged", "expected true or false");
  return body.addAllChanged;
}

/** Environments, libraries, their resources and the publishing steps. */
export default function publishingRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const viewer = { preHandler: ctx.guard("viewer") };
  const editor = { preHandler: ctx.guard("editor") };
  const approver = { preHandler: ctx.guard("approver") };
  const admin = { preHandler: ctx.guard("admin") };
  const { properties, publisher } = ctx;

  const environments = async (request: FastifyRequest, document: PropertyDocument) => {
    const pid = document.property.id;
    const pointers = await ctx.store.authoring.environmentPointers(pid);
    const libraries = await ctx.store.authoring.listLibraries(pid);
    return document.environments.map((env) =>
      environmentInfo(ctx, request, document, env, pointers, libraries),
    );
  };

  app.get("/api/properties/:pid/environments", viewer, async (request) => {
    const { document } = await properties.load(paramsOf(request).pid!);
    return environments(request, document);
  });

  app.post("/api/properties/:pid/environments", admin, async (request, reply) => {
    const name = stringField(jsonBody(request), "name")!;
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
  });

  app.delete("/api/properties/:pid/environments/:id", admin, async (request, reply) => {
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
  });

  app.get("/api/properties/:pid/libraries", viewer, async (request) => {
    const { pid } = paramsOf(request);
    return publisher.list(pid!);
  });

  app.post("/api/properties/:pid/libraries", editor, async (request, reply) => {
    const body = jsonBody(request);
    const environmentId = stringField(body, "environmentId", { required: false });
    const resources = resourceRefs(body);
    const library = await publisher.create(
      paramsOf(request).pid!,
      {
        name: stringField(body, "name")!,
        ...(environmentId ? { environmentId } : {}),
        ...(resources ? { resources } : {}),
        addAllChanged: addAllChangedOf(body),
      },
      userOf(request),
    );
    return reply.code(201).send(library);
  });

  app.get("/api/properties/:pid/libraries/:lid", viewer, async (request) => {
    const { pid, lid } = paramsOf(request);
    return publisher.info(pid!, await publisher.load(pid!, lid!));
  });

  app.patch("/api/properties/:pid/libraries/:lid", editor, async (request) => {
    const { pid, lid } = paramsOf(request);
    const body = jsonBody(request);
    const name = stringField(body, "name", { required: false });
    const environmentId =
      body.environmentId === null ? null : stringField(body, "environmentId", { required: false });
    return publisher.update(
      pid!,
      lid!,
      {
        ...(name !== undefined ? { name } : {}),
        ...(environmentId !== undefined ? { environmentId } : {}),
      },
      userOf(request),
    );
  });

  app.delete("/api/properties/:pid/libraries/:lid", editor, async (request, reply) => {
    const { pid, lid } = paramsOf(request);
    await publisher.remove(pid!, lid!, userOf(request));
    return reply.code(204).send();
  });

  app.post("/api/properties/:pid/libraries/:lid/resources", editor, async (request) => {
    const { pid, lid } = paramsOf(request);
    const body = jsonBody(request);
    const resources = resourceRefs(body);
    const addAllChanged = addAllChangedOf(body);
    if (!resources?.length && !addAllChanged)
      throw apiProblems.invalidField("resources", "name resources to add, or addAllChanged: true");
    return publisher.addResources(
      pid!,
      lid!,
      { ...(resources ? { resources } : {}), addAllChanged },
      userOf(request),
    );
  });

  app.delete("/api/properties/:pid/libraries/:lid/resources/:kind/:id", editor, async (request) => {
    const { pid, lid, kind, id } = paramsOf(request);
    if (!(LIBRARY_RESOURCE_KINDS as readonly string[]).includes(kind!))
      throw apiProblems.invalidField(
        "kind",
        `expected one of ${LIBRARY_RESOURCE_KINDS.join(", ")}`,
      );
    return publisher.removeResource(
      pid!,
      lid!,
      { kind: kind as ResourceRef["kind"], id: id! },
      userOf(request),
    );
  });

  const steps: Array<[Step, typeof editor]> = [
    ["build", editor],
    ["submit", editor],
    ["reject", approver],
    ["approve", approver],
    ["publish", approver],
    ["republish", approver],
  ];
  for (const [step, guard] of steps)
    app.post(`/api/properties/:pid/libraries/:lid/${step}`, guard, async (request) => {
      const { pid, lid } = paramsOf(request);
      return publisher.step(pid!, lid!, step, userOf(request));
    });
}
