import type {
  PropertyDataElement,
  PropertyDocument,
  PropertyRule,
  PropertyRuleAction,
  PropertyRuleCondition,
  PropertyRuleEvent,
} from "@liftoff/schema";
import { ITEM_NAME_MAX } from "@liftoff/schema";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { userOf, type ApiContext } from "../../main/ApiContext.ts";
import { putResource, removeResource } from "./propertyResources.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import type { ItemKind } from "./propertyResources.ts";
import type { ChangeNote, Expectation } from "./PropertyService.ts";
import {
  item,
  itemId,
  namedItem,
  positiveInteger,
  revisedBody,
  revisionQuery,
  text,
} from "../../http/apiSchemas.ts";
import { newId, paramsOf, revisionOf } from "../../http/requestParts.ts";
import refuseHostedFiles from "./refuseHostedFiles.ts";
import refuseUsedExtension from "./refuseUsedExtension.ts";

type Component = PropertyRuleEvent | PropertyRuleCondition | PropertyRuleAction;
type ComponentKind = "events" | "conditions" | "actions";
const KINDS: readonly ComponentKind[] = ["events", "conditions", "actions"];

/** The item with its id, or a new Launch-style id when it has none (the schema checks ids). */
export function withId<T>(item: Record<string, unknown>, prefix: string): T {
  // A blank id is what a form sends for an item it has just added.
  if (item.id === undefined || item.id === "") return { ...item, id: newId(prefix) } as T;
  return item as T;
}

/** A rule as sent: its components get ids when they have none. */
export function ruleFrom(input: Record<string, unknown>): PropertyRule {
  const rule = withId<Record<string, unknown>>(input, "RL");
  for (const kind of KINDS) {
    const list = rule[kind];
    if (Array.isArray(list)) rule[kind] = list.map((c: Record<string, unknown>) => withId(c, "RC"));
  }
  return rule as unknown as PropertyRule;
}

/** A rule as the API takes it: named, components are objects, ids (when sent) well formed. */
const ruleSchema = {
  type: "object",
  required: ["name"],
  properties: {
    id: itemId,
    name: text(ITEM_NAME_MAX),
    events: { type: "array", items: item },
    conditions: { type: "array", items: item },
    actions: { type: "array", items: item },
  },
} as const;

const componentBody = {
  kind: { type: "string", enum: KINDS },
  component: item,
  index: { type: "integer", minimum: 0, description: "expected a position in the list" },
};

type Body = Record<string, unknown> & { revision?: number };
const bodyOf = (request: FastifyRequest) => request.body as Body;
const memberOf = (request: FastifyRequest, name: string) =>
  bodyOf(request)[name] as Record<string, unknown>;

function findRule(document: PropertyDocument, id: string): PropertyRule {
  const rule = document.rules.find((r) => r.id === id);
  if (!rule) throw apiProblems.notFound(`Rule "${id}"`);
  return rule;
}

function findComponent(rule: PropertyRule, id: string): { kind: ComponentKind; index: number } {
  for (const kind of KINDS) {
    const index = (rule[kind] as Component[]).findIndex((c) => c.id === id);
    if (index >= 0) return { kind, index };
  }
  throw apiProblems.notFound(`Component "${id}" of rule "${rule.name}"`);
}

interface ListSpec<T> {
  /** URL segment under the property. */
  path: string;
  field: "dataElements" | "rules";
  kind: "dataElement" | "rule";
  /** The request body's field, also the audit action's prefix. */
  body: "dataElement" | "rule";
  /** The schema of that field. */
  schema: Record<string, unknown>;
  label: string;
  /** The item as sent, with ids given where it has none (and checked where it has). */
  from: (input: Record<string, unknown>) => T;
}

const singular = { events: "event", conditions: "condition", actions: "action" } as const;

/**
 * Extensions, data elements, rules and rule components. Each route changes one resource
 * under that resource's own lock (`revision`: the revision the editor started from). Rules
 * and data elements (and a rule's components) answer ItemSaved, the item alone; extensions,
 * whose change can affect every item's checks, answer the new PropertyState.
 */
export default function itemRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const withRevision = { schema: { querystring: revisionQuery } };
  /** A route that changes the resource `target` names, locked at the request's revision. */
  const edit =
    (
      status: number,
      target: (request: FastifyRequest) => Expectation,
      change: (document: PropertyDocument, request: FastifyRequest) => ChangeNote,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { pid } = paramsOf(request);
      const state = await ctx.properties.change(pid!, userOf(request), [target(request)], (d) =>
        change(d, request),
      );
      return reply.code(status).send(state);
    };
  /** The same for a rule or data element: the change and its answer are item-sized. */
  const editItem =
    (
      status: number,
      target: (request: FastifyRequest) => Expectation & { ref: { kind: ItemKind } },
      change: (document: PropertyDocument, request: FastifyRequest) => ChangeNote,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { pid } = paramsOf(request);
      const saved = await ctx.items.change(pid!, userOf(request), target(request), (d) =>
        change(d, request),
      );
      return reply.code(status).send(saved);
    };
  const locked = (kind: "extension") => (request: FastifyRequest) => ({
    ref: { kind, id: paramsOf(request).name! },
    revision: revisionOf(request),
  });
  const lockedItem = (kind: ItemKind) => (request: FastifyRequest) => ({
    ref: { kind, id: paramsOf(request).id! },
    revision: revisionOf(request),
  });

  app.get<{ Params: { pid: string; kind: ItemKind; id: string } }>(
    "/api/properties/:pid/items/:kind/:id",
    {
      config: { access: "viewer" },
      schema: {
        params: {
          type: "object",
          properties: { kind: { type: "string", enum: ["rule", "dataElement"] } },
        },
      },
    },
    async (request) => {
      const { pid, kind, id } = request.params;
      return ctx.items.read(pid, { kind, id });
    },
  );

  /** Create, replace and remove for one of the document's named lists (data elements, rules). */
  function listRoutes<T extends { id: string; name: string }>(spec: ListSpec<T>): void {
    const items = (document: PropertyDocument) => document[spec.field] as unknown as T[];
    const url = `/api/properties/:pid/${spec.path}`;
    // The new item is made once per request (its id with it), then added by the change.
    const created = new WeakMap<FastifyRequest, T>();
    const newItem = (request: FastifyRequest) => {
      let item = created.get(request);
      if (!item) {
        item = spec.from(memberOf(request, spec.body));
        created.set(request, item);
      }
      return item;
    };
    const create = {
      type: "object",
      required: [spec.body],
      properties: { [spec.body]: spec.schema },
    };
    app.post(
      url,
      { config: { access: "editor" }, schema: { body: create } },
      editItem(
        201,
        (request) => ({ ref: { kind: spec.kind, id: newItem(request).id } }),
        (document, request) => {
          const item = newItem(request);
          items(document).push(item);
          return {
            action: `${spec.body}.create`,
            target: item.id,
            checked: [{ kind: spec.kind, id: item.id }],
            summary: `added ${spec.label} "${item.name}"`,
          };
        },
      ),
    );
    app.put(
      `${url}/:id`,
      {
        config: { access: "editor" },
        schema: { body: revisedBody({ [spec.body]: spec.schema }, [spec.body]) },
      },
      editItem(200, lockedItem(spec.kind), (document, request) => {
        const id = paramsOf(request).id!;
        const item = spec.from({ ...memberOf(request, spec.body), id });
        // Saving over a deleted item (the editor chose "keep mine") brings it back.
        putResource(document, spec.kind, item);
        return {
          action: `${spec.body}.update`,
          target: id,
          checked: [{ kind: spec.kind, id }],
          summary: `updated ${spec.label} "${item.name}"`,
        };
      }),
    );
    app.delete(
      `${url}/:id`,
      { ...withRevision, config: { access: "editor" } },
      editItem(200, lockedItem(spec.kind), (document, request) => {
        const id = paramsOf(request).id!;
        const removed = items(document).find((item) => item.id === id);
        if (!removed) throw apiProblems.conflict(`${spec.label} "${id}" is already deleted.`);
        removeResource(document, { kind: spec.kind, id });
        return {
          action: `${spec.body}.remove`,
          target: id,
          summary: `deleted ${spec.label} "${removed.name}"`,
        };
      }),
    );
  }

  const extensionBody = {
    type: "object",
    required: ["extension"],
    properties: {
      // Absent when the extension is added; an update names the revision it started from.
      revision: positiveInteger,
      extension: { type: "object", properties: { name: text(100) } },
    },
  };
  app.put(
    "/api/properties/:pid/extensions/:name",
    { config: { access: "editor" }, schema: { body: extensionBody } },
    edit(
      200,
      (request) => {
        const ref = { kind: "extension" as const, id: paramsOf(request).name! };
        return bodyOf(request).revision === undefined
          ? { ref }
          : { ref, revision: revisionOf(request) };
      },
      (document, request) => {
        const { name } = paramsOf(request);
        const extension = memberOf(request, "extension");
        if (extension.name !== undefined && extension.name !== name)
          throw apiProblems.invalidField("extension.name", `must match the URL (${name})`);
        refuseHostedFiles(extension, "extension");
        const exists = document.extensions.some((e) => e.name === name);
        putResource(document, "extension", { ...extension, name });
        return {
          action: `extension.${exists ? "update" : "add"}`,
          target: name!,
          summary: `${exists ? "updated" : "added"} extension "${name}"`,
        };
      },
    ),
  );
  app.delete(
    "/api/properties/:pid/extensions/:name",
    { ...withRevision, config: { access: "editor" } },
    edit(200, locked("extension"), (document, request) => {
      const { name } = paramsOf(request);
      refuseUsedExtension(document, name!);
      if (!removeResource(document, { kind: "extension", id: name! }))
        throw apiProblems.conflict(`Extension "${name}" is already deleted.`);
      return { action: "extension.remove", target: name!, summary: `deleted extension "${name}"` };
    }),
  );

  listRoutes<PropertyDataElement>({
    path: "data-elements",
    field: "dataElements",
    kind: "dataElement",
    body: "dataElement",
    schema: namedItem,
    label: "data element",
    from: (input) => withId(input, "DE"),
  });
  listRoutes<PropertyRule>({
    path: "rules",
    field: "rules",
    kind: "rule",
    body: "rule",
    schema: ruleSchema,
    label: "rule",
    from: ruleFrom,
  });

  const ruleLock = (request: FastifyRequest) => ({
    ref: { kind: "rule" as const, id: paramsOf(request).id! },
    revision: revisionOf(request),
  });
  app.post(
    "/api/properties/:pid/rules/:id/components",
    {
      config: { access: "editor" },
      schema: { body: revisedBody(componentBody, ["kind", "component"]) },
    },
    editItem(201, ruleLock, (document, request) => {
      const rule = findRule(document, paramsOf(request).id!);
      const body = bodyOf(request);
      const kind = body.kind as ComponentKind;
      const component = withId<Component>(memberOf(request, "component"), "RC");
      if (KINDS.some((k) => (rule[k] as Component[]).some((c) => c.id === component.id)))
        throw apiProblems.conflict(
          `Component id "${component.id}" is taken in rule "${rule.name}".`,
        );
      const list = rule[kind] as Component[];
      const index = body.index === undefined ? list.length : body.index;
      if (typeof index !== "number" || index > list.length)
        throw apiProblems.invalidField("index", `expected an integer from 0 to ${list.length}`);
      list.splice(index, 0, component);
      return {
        checked: [{ kind: "rule", id: rule.id }],
        action: "rule.component.create",
        target: component.id,
        summary: `added ${singular[kind]} to rule "${rule.name}"`,
      };
    }),
  );
  app.put(
    "/api/properties/:pid/rules/:id/components/:cid",
    {
      config: { access: "editor" },
      schema: { body: revisedBody({ component: item }, ["component"]) },
    },
    editItem(200, ruleLock, (document, request) => {
      const { id, cid } = paramsOf(request);
      const rule = findRule(document, id!);
      const { kind, index } = findComponent(rule, cid!);
      (rule[kind] as Component[])[index] = {
        ...memberOf(request, "component"),
        id: cid,
      } as Component;
      return {
        checked: [{ kind: "rule", id: rule.id }],
        action: "rule.component.update",
        target: cid!,
        summary: `updated ${singular[kind]} of rule "${rule.name}"`,
      };
    }),
  );
  app.delete(
    "/api/properties/:pid/rules/:id/components/:cid",
    { ...withRevision, config: { access: "editor" } },
    editItem(200, ruleLock, (document, request) => {
      const { id, cid } = paramsOf(request);
      const rule = findRule(document, id!);
      const { kind, index } = findComponent(rule, cid!);
      (rule[kind] as Component[]).splice(index, 1);
      return {
        checked: [{ kind: "rule", id: rule.id }],
        action: "rule.component.remove",
        target: cid!,
        summary: `removed ${singular[kind]} of rule "${rule.name}"`,
      };
    }),
  );
}
