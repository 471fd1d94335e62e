import type {
  PropertyDataElement,
  PropertyDocument,
  PropertyRule,
  PropertyRuleAction,
  PropertyRuleCondition,
  PropertyRuleEvent,
} from "@liftoff/schema";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { userOf, type ApiContext } from "./ApiContext.ts";
import { putResource, removeResource } from "../storage/authoring/propertyResources.ts";
import { apiProblems } from "./ApiError.ts";
import type { ChangeNote, Expectation } from "./PropertyService.ts";
import { jsonBody, newId, objectField, paramsOf, revisionOf } from "./requestParts.ts";

type Component = PropertyRuleEvent | PropertyRuleCondition | PropertyRuleAction;
type ComponentKind = "events" | "conditions" | "actions";
const KINDS: readonly ComponentKind[] = ["events", "conditions", "actions"];

/** The item with its id, or a new Launch-style id when it has none. */
export function withId<T>(item: Record<string, unknown>, prefix: string, field: string): T {
  // A blank id is what a form sends for an item it has just added.
  if (item.id === undefined || item.id === "") return { ...item, id: newId(prefix) } as T;
  if (typeof item.id !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(item.id))
    throw apiProblems.invalidField(`${field}.id`, "expected letters, digits, _ or - (at most 64)");
  return item as T;
}

/** A rule as sent: its components get ids when they have none. */
export function ruleFrom(input: Record<string, unknown>): PropertyRule {
  const rule = withId<Record<string, unknown>>(input, "RL", "rule");
  for (const kind of KINDS) {
    const list = rule[kind];
    if (Array.isArray(list))
      rule[kind] = list.map((c: unknown, i) =>
        typeof c === "object" && c !== null && !Array.isArray(c)
          ? withId(c as Record<string, unknown>, "RC", `rule.${kind}[${i}]`)
          : c,
      );
  }
  return rule as unknown as PropertyRule;
}

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
  label: string;
  /** The item as sent, with ids given where it has none (and checked where it has). */
  from: (input: Record<string, unknown>) => T;
}

const singular = { events: "event", conditions: "condition", actions: "action" } as const;

/**
 * Extensions, data elements, rules and rule components. Each route changes one resource
 * under that resource's own lock (`revision`: the revision the editor started from) and
 * answers the new PropertyState.
 */
export default function itemRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const editor = { preHandler: ctx.guard("editor") };
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
  const locked = (kind: "dataElement" | "rule" | "extension") => (request: FastifyRequest) => ({
    ref: { kind, id: paramsOf(request)[kind === "extension" ? "name" : "id"]! },
    revision: revisionOf(request),
  });

  /** Create, replace and remove for one of the document's named lists (data elements, rules). */
  function listRoutes<T extends { id: string; name: string }>(spec: ListSpec<T>): void {
    const items = (document: PropertyDocument) => document[spec.field] as unknown as T[];
    const url = `/api/properties/:pid/${spec.path}`;
    // The new item is made once per request (its id with it), then added by the change.
    const created = new WeakMap<FastifyRequest, T>();
    const newItem = (request: FastifyRequest) => {
      let item = created.get(request);
      if (!item) {
        item = spec.from(objectField(jsonBody(request), spec.body));
        created.set(request, item);
      }
      return item;
    };
    app.post(
      url,
      editor,
      edit(
        201,
        (request) => ({ ref: { kind: spec.kind, id: newItem(request).id } }),
        (document, request) => {
          const item = newItem(request);
          items(document).push(item);
          return {
            action: `${spec.body}.create`,
            target: item.id,
            summary: `added ${spec.label} "${item.name}"`,
          };
        },
      ),
    );
    app.put(
      `${url}/:id`,
      editor,
      edit(200, locked(spec.kind), (document, request) => {
        const id = paramsOf(request).id!;
        const item = spec.from({ ...objectField(jsonBody(request), spec.body), id });
        // Saving over a deleted item (the editor chose "keep mine") brings it back.
        putResource(document, spec.kind, item);
        return {
          action: `${spec.body}.update`,
          target: id,
          summary: `updated ${spec.label} "${item.name}"`,
        };
      }),
    );
    app.delete(
      `${url}/:id`,
      editor,
      edit(200, locked(spec.kind), (document, request) => {
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

  app.put(
    "/api/properties/:pid/extensions/:name",
    editor,
    edit(
      200,
      (request) => {
        const body = jsonBody(request);
        const ref = { kind: "extension" as const, id: paramsOf(request).name! };
        return body.revision === undefined ? { ref } : { ref, revision: revisionOf(request) };
      },
      (document, request) => {
        const { name } = paramsOf(request);
        const extension = objectField(jsonBody(request), "extension");
        if (extension.name !== undefined && extension.name !== name)
          throw apiProblems.invalidField("extension.name", `must match the URL (${name})`);
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
    editor,
    edit(200, locked("extension"), (document, request) => {
      const { name } = paramsOf(request);
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
    label: "data element",
    from: (input) => withId(input, "DE", "dataElement"),
  });
  listRoutes<PropertyRule>({
    path: "rules",
    field: "rules",
    kind: "rule",
    body: "rule",
    label: "rule",
    from: ruleFrom,
  });

  const ruleLock = (request: FastifyRequest) => ({
    ref: { kind: "rule" as const, id: paramsOf(request).id! },
    revision: revisionOf(request),
  });
  app.post(
    "/api/properties/:pid/rules/:id/components",
    editor,
    edit(201, ruleLock, (document, request) => {
      const rule = findRule(document, paramsOf(request).id!);
      const body = jsonBody(request);
      const kind = body.kind as ComponentKind;
      if (!KINDS.includes(kind))
        throw apiProblems.invalidField("kind", `expected one of ${KINDS.join(", ")}`);
      const component = withId<Component>(objectField(body, "component"), "RC", "component");
      if (KINDS.some((k) => (rule[k] as Component[]).some((c) => c.id === component.id)))
        throw apiProblems.conflict(
          `Component id "${component.id}" is taken in rule "${rule.name}".`,
        );
      const list = rule[kind] as Component[];
      const index = body.index === undefined ? list.length : body.index;
      if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index > list.length)
        throw apiProblems.invalidField("index", `expected an integer from 0 to ${list.length}`);
      list.splice(index, 0, component);
      return {
        action: "rule.component.create",
        target: component.id,
        summary: `added ${singular[kind]} to rule "${rule.name}"`,
      };
    }),
  );
  app.put(
    "/api/properties/:pid/rules/:id/components/:cid",
    editor,
    edit(200, ruleLock, (document, request) => {
      const { id, cid } = paramsOf(request);
      const rule = findRule(document, id!);
      const { kind, index } = findComponent(rule, cid!);
      (rule[kind] as Component[])[index] = {
        ...objectField(jsonBody(request), "component"),
        id: cid,
      } as Component;
      return {
        action: "rule.component.update",
        target: cid!,
        summary: `updated ${singular[kind]} of rule "${rule.name}"`,
      };
    }),
  );
  app.delete(
    "/api/properties/:pid/rules/:id/components/:cid",
    editor,
    edit(200, ruleLock, (document, request) => {
      const { id, cid } = paramsOf(request);
      const rule = findRule(document, id!);
      const { kind, index } = findComponent(rule, cid!);
      (rule[kind] as Component[]).splice(index, 1);
      return {
        action: "rule.component.remove",
        target: cid!,
        summary: `removed ${singular[kind]} of rule "${rule.name}"`,
      };
    }),
  );
}
