import type { EnvironmentInfo, PropertyDocument } from "@liftoff/schema";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EnvironmentPointer } from "../storage/authoring/AuthoringRepository.ts";
import { userOf, type ApiContext } from "./ApiContext.ts";
import { apiProblems } from "./ApiError.ts";
import { need } from "./PropertyService.ts";
import { LIBRARY_FILE, type Step } from "./Publisher.ts";
import {
  jsonBody,
  newId,
  originOf,
  paramsOf,
  positiveInteger,
  revisionOf,
  stringField,
} from "./requestParts.ts";

function environmentInfo(
  ctx: ApiContext,
  request: FastifyRequest,
  document: PropertyDocument,
  env: PropertyDocument["environments"][number],
  pointers: EnvironmentPointer[],
): EnvironmentInfo {
  const libraryUrl = `${originOf(request)}/libs/${document.property.id}/${env.id}/${LIBRARY_FILE}`;
  const pointer = pointers.find((p) => p.environmentId === env.id);
  return {
    id: env.id,
    name: env.name,
    stage: env.stage,
    embedCode: need(ctx.builder, "createEmbedCode")(libraryUrl),
    libraryUrl,
    ...(pointer ? { libraryId: pointer.libraryId, builtAt: pointer.builtAt } : {}),
  };
}

/** Environments, libraries and the publishing steps. */
export default function publishingRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const viewer = { preHandler: ctx.guard("viewer") };
  const editor = { preHandler: ctx.guard("editor") };
  const approver = { preHandler: ctx.guard("approver") };
  const admin = { preHandler: ctx.guard("admin") };
  const { properties, publisher } = ctx;

  app.get("/api/properties/:pid/environments", viewer, async (request) => {
    const { document } = await properties.load(paramsOf(request).pid!);
    const pointers = await ctx.store.authoring.environmentPointers(document.property.id);
    return document.environments.map((env) =>
      environmentInfo(ctx, request, document, env, pointers),
    );
  });

  app.post("/api/properties/:pid/environments", admin, async (request, reply) => {
    const name = stringField(jsonBody(request), "name")!;
    const id = newId("EN");
    const record = await properties.edit(
      paramsOf(request).pid!,
      revisionOf(request),
      userOf(request),
      (document) => {
        document.environments.push({ id, name, stage: "development" });
        return {
          action: "environment.create",
          target: id,
          summary: `added development environment "${name}"`,
        };
      },
    );
    const env = record.document.environments.find((e) => e.id === id)!;
    return reply.code(201).send(environmentInfo(ctx, request, record.document, env, []));
  });

  app.delete("/api/properties/:pid/environments/:id", admin, async (request, reply) => {
    const { pid, id } = paramsOf(request);
    await properties.edit(pid!, revisionOf(request), userOf(request), (document) => {
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
    });
    return reply.code(204).send();
  });

  app.get("/api/properties/:pid/libraries", viewer, async (request) => {
    const { pid } = paramsOf(request);
    await properties.load(pid!);
    return ctx.store.authoring.listLibraries(pid!);
  });

  app.post("/api/properties/:pid/libraries", editor, async (request, reply) => {
    const body = jsonBody(request);
    const input = {
      name: stringField(body, "name")!,
      environmentId: stringField(body, "environmentId")!,
      ...(body.revision !== undefined
        ? { revision: positiveInteger(body.revision, "revision") }
        : {}),
    };
    const library = await publisher.create(paramsOf(request).pid!, input, userOf(request));
    return reply.code(201).send(library);
  });

  app.get("/api/properties/:pid/libraries/:lid", viewer, async (request) => {
    const { pid, lid } = paramsOf(request);
    return publisher.load(pid!, lid!);
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
