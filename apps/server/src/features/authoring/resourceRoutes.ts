import {
  type PropertyDataElement,
  type PropertyDocument,
  type PropertyRule,
  type ResourceKind,
  type ResourceRef,
} from "@liftoff/schema";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { putResource, removeResource } from "./propertyResources.ts";
import { userOf, type ApiContext } from "../../main/ApiContext.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import { ruleFrom, withId } from "./itemRoutes.ts";
import { refuseTakenName } from "./refuseTakenName.ts";
import type { ChangeNote } from "./PropertyService.ts";
import {
  positiveInteger,
  positiveIntegerText,
  resourceKind,
  revisedBody,
  text,
} from "../../http/apiSchemas.ts";
import { paramsOf, revisionOf } from "../../http/requestParts.ts";

const LABEL: Record<ResourceKind, string> = {
  rule: "rule",
  dataElement: "data element",
  extension: "extension",
  environment: "environment",
  settings: "property settings",
};

/** The resource the URL names; the route's params schema has checked `kind`. */
function refOf(request: FastifyRequest): ResourceRef {
  const { kind, id } = paramsOf(request);
  return { kind: kind as ResourceKind, id: id! };
}

const BULK_ACTIONS = ["enable", "disable", "delete", "restore"] as const;
type BulkAction = (typeof BULK_ACTIONS)[number];

interface BulkItem extends ResourceRef {
  revision: number;
}

const resourceParams = {
  type: "object",
  properties: { kind: resourceKind, n: positiveIntegerText },
} as const;

const copyParams = {
  type: "object",
  properties: {
    kind: {
      type: "string",
      enum: ["rule", "dataElement"],
      description: "only rules and data elements can be copied",
    },
  },
} as const;

const restoreBody = revisedBody({ from: positiveInteger });

const bulkBody = {
  type: "object",
  required: ["action", "items"],
  properties: {
    action: { type: "string", enum: [...BULK_ACTIONS] },
    items: {
      type: "array",
      minItems: 1,
      maxItems: 500,
      items: {
        type: "object",
        required: ["kind", "id", "revision"],
        properties: {
          kind: { type: "string", enum: ["rule", "dataElement", "extension"] },
          id: text(64),
          revision: positiveInteger,
        },
      },
    },
  },
} as const;

/** "Copy of X", or "Copy of X (2)"… when that name is taken (names are unique per list). */
function copyName(name: string, taken: Set<string>): string {
  const first = `Copy of ${name}`;
  if (!taken.has(first)) return first;
  for (let n = 2; ; n++) if (!taken.has(`${first} (${n})`)) return `${first} (${n})`;
}

/**
 * One resource's history (every revision, viewable), restoring an earlier revision as the
 * newest, copies of rules and data elements, and bulk enable, disable, delete and restore.
 */
export default function resourceRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const params = { params: resourceParams };
  const base = "/api/properties/:pid/resources/:kind/:id";

  app.get(
    `${base}/revisions`,
    { config: { access: "viewer" }, schema: params },
    async (request) => {
      const { pid } = paramsOf(request);
      const ref = refOf(request);
      await ctx.properties.snapshot(pid!);
      const history = await ctx.store.authoring.resourceHistory(pid!, ref);
      if (history.length === 0) throw apiProblems.notFound(`${LABEL[ref.kind]} "${ref.id}"`);
      return history;
    },
  );

  app.get(
    `${base}/revisions/:n`,
    { config: { access: "viewer" }, schema: params },
    async (request) => {
      const { pid, n } = paramsOf(request);
      const ref = refOf(request);
      const revision = await ctx.store.authoring.resourceRevision(pid!, ref, Number(n));
      if (!revision) throw apiProblems.notFound(`Revision ${n} of ${LABEL[ref.kind]} "${ref.id}"`);
      return revision;
    },
  );

  app.post<{ Body: { revision: number; from?: number } }>(
    `${base}/restore`,
    { config: { access: "editor" }, schema: { ...params, body: restoreBody } },
    async (request) => {
      const { pid } = paramsOf(request);
      const ref = refOf(request);
      const body = request.body;
      const history = await ctx.store.authoring.resourceHistory(pid!, ref);
      if (history.length === 0) throw apiProblems.notFound(`${LABEL[ref.kind]} "${ref.id}"`);
      // Without `from`: the newest revision that is not a delete ("undo delete").
      const from = body.from ?? history.find((h) => !h.deleted)?.revision;
      const source = from && (await ctx.store.authoring.resourceRevision(pid!, ref, from));
      if (!source || source.deleted)
        throw apiProblems.invalidField("from", `no revision of ${ref.kind} "${ref.id}" to restore`);
      return ctx.properties.change(
        pid!,
        userOf(request),
        [{ ref, revision: revisionOf(request) }],
        (document) => {
          if (ref.kind === "rule" || ref.kind === "dataElement")
            refuseTakenName(document, ref.kind, { id: ref.id, name: source.name }, "from");
          putResource(document, ref.kind, source.body);
          return {
            action: `${ref.kind}.restore`,
            target: ref.id,
            summary: `restored ${LABEL[ref.kind]} "${source.name}" to revision ${from}`,
          };
        },
      );
    },
  );

  app.post(
    `${base}/copy`,
    { config: { access: "editor" }, schema: { params: copyParams } },
    async (request, reply) => {
      const { pid } = paramsOf(request);
      const ref = refOf(request);
      const copyId = { id: "" };
      const state = await ctx.properties.change(pid!, userOf(request), [], (document) => {
        const list = (ref.kind === "rule" ? document.rules : document.dataElements) as Array<
          PropertyRule | PropertyDataElement
        >;
        const original = list.find((item) => item.id === ref.id);
        if (!original) throw apiProblems.notFound(`${LABEL[ref.kind]} "${ref.id}"`);
        const name = copyName(original.name, new Set(list.map((item) => item.name)));
        const copy =
          ref.kind === "rule"
            ? ruleFrom(stripIds({ ...(original as PropertyRule), name }))
            : withId<PropertyDataElement>({ ...original, name, id: undefined }, "DE");
        copyId.id = copy.id;
        list.push(copy);
        return {
          action: `${ref.kind}.copy`,
          target: copy.id,
          summary: `copied ${LABEL[ref.kind]} "${original.name}" to "${name}"`,
          saved: { kind: ref.kind, id: copy.id },
          checked: [{ kind: ref.kind as "rule" | "dataElement", id: copy.id }],
        };
      });
      return reply.code(201).send(state);
    },
  );

  app.post<{ Body: { action: BulkAction; items: BulkItem[] } }>(
    "/api/properties/:pid/bulk",
    { config: { access: "editor" }, schema: { body: bulkBody } },
    async (request) => {
      const { pid } = paramsOf(request);
      const { action, items } = request.body;
      const history =
        action === "restore"
          ? await Promise.all(items.map((item) => restorable(ctx, pid!, item)))
          : [];
      return ctx.properties.change(
        pid!,
        userOf(request),
        items.map((item) => ({ ref: item, revision: item.revision })),
        (document) => applyBulk(document, action, items, history),
      );
    },
  );
}

/** A rule's copy gets new ids for itself and every component. */
function stripIds(rule: PropertyRule): Record<string, unknown> {
  const strip = <T extends { id: string }>(c: T) => ({ ...c, id: undefined });
  return {
    ...rule,
    id: undefined,
    events: rule.events.map(strip),
    conditions: rule.conditions.map(strip),
    actions: rule.actions.map(strip),
  };
}

async function restorable(ctx: ApiContext, propertyId: string, item: BulkItem) {
  const history = await ctx.store.authoring.resourceHistory(propertyId, item);
  const from = history.find((h) => !h.deleted)?.revision;
  const source = from && (await ctx.store.authoring.resourceRevision(propertyId, item, from));
  if (!source) throw apiProblems.notFound(`${LABEL[item.kind]} "${item.id}"`);
  return source;
}

function applyBulk(
  document: PropertyDocument,
  action: BulkAction,
  items: BulkItem[],
  restored: Array<{ body: unknown; name: string }>,
): ChangeNote {
  items.forEach((item, i) => {
    if (action === "restore") {
      if (item.kind === "rule" || item.kind === "dataElement")
        refuseTakenName(
          document,
          item.kind,
          { id: item.id, name: restored[i]!.name },
          `items[${i}]`,
        );
      return putResource(document, item.kind, restored[i]!.body);
    }
    if (action === "delete") {
      removeResource(document, item);
      return;
    }
    if (item.kind === "extension")
      throw apiProblems.invalidField(
        `items[${i}].kind`,
        `only rules and data elements can be ${action}d`,
      );
    const list: ReadonlyArray<{ id: string; enabled?: boolean }> =
      item.kind === "rule" ? document.rules : document.dataElements;
    const target = list.find((r) => r.id === item.id);
    if (!target)
      throw apiProblems.invalidField(
        `items[${i}].id`,
        `${LABEL[item.kind]} "${item.id}" is deleted`,
      );
    if (action === "disable") target.enabled = false;
    else if (target.enabled === false) delete target.enabled;
  });
  const verb = { enable: "enabled", disable: "disabled", delete: "deleted", restore: "restored" };
  return {
    action: `bulk.${action}`,
    // Enabling puts items into the next builds: each must be free of problems.
    checked:
      action === "enable"
        ? items.map((item, i) => ({
            kind: item.kind as "rule" | "dataElement",
            id: item.id,
            bodyPath: `items[${i}]`,
          }))
        : [],
    summary: `${verb[action]} ${items.length} item${items.length === 1 ? "" : "s"}`,
  };
}
