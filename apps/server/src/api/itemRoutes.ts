import type {
  PropertyDocument,
  PropertyRule,
  PropertyRuleAction,
  PropertyRuleCondition,
  PropertyRuleEvent,
} from "@liftoff/schema";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { userOf, type ApiContext } from "./ApiContext.ts";
import { apiProblems } from "./ApiError.ts";
import type { ChangeNote } from "./PropertyService.ts";
import { jsonBody, newId, objectField, paramsOf, revisionOf } from "./requestParts.ts";

type Component = PropertyRuleEvent | PropertyRuleCondition | PropertyRuleAction;
type ComponentKind = "events" | "conditions" | "actions";
const KINDS: readonly ComponentKind[] = ["events", "conditions", "actions"];

/** The item with its id, or a new Launch-style id when it has none. */
function withId<T>(item: Record<string, unknown>, prefix: string, field: string): T {
  // A blank id is what a form sends for an item it has just added.
  if (item.id === undefined || item.id === "") return { ...item, id: newId(prefix) } as T;
  if (typeof item.id !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(item.id))
    throw apiProblems.invalidField(`${field}.id`, "expected letters, digits, _ or - (at most 64)");
  return item as T;
}

/** A rule as sent: its components get ids when they have none. */
function ruleFrom(input: Record<string, unknown>): PropertyRule {
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

const singular = { events: "event", conditions: "condition", actions: "action" } as const;

/**
 * Extensions, data elements, rules and rule components. Each route changes one item of the
 * document and answers the new PropertyState (every change is a new revision).
 */
export default function itemRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const editor = { preHandler: ctx.guard("editor") };
  const edit =
    (status: number, change: (document: PropertyDocument, request: FastifyRequest) => ChangeNote) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { pid } = paramsOf(request);
      const revision = revisionOf(request);
      const record = await ctx.properties.edit(pid!, revision, userOf(request), (d) =>
        change(d, request),
      );
      return reply.code(status).send(ctx.properties.state(record));
    };

  app.put(
    "/api/properties/:pid/extensions/:name",
    editor,
    edit(200, (document, request) => {
      const { name } = paramsOf(request);
      const extension = objectField(jsonBody(request), "extension");
      if (extension.name !== undefined && extension.name !== name)
        throw apiProblems.invalidField("extension.name", `must match the URL (${name})`);
      const index = document.extensions.findIndex((e) => e.name === name);
      const next = { ...extension, name } as PropertyDocument["extensions"][number];
      if (index >= 0) document.extensions[index] = next;
      else document.extensions.push(next);
      const verb = index >= 0 ? "updated" : "added";
      return {
        action: `extension.${index >= 0 ? "update" : "add"}`,
        target: name!,
        summary: `${verb} extension "${name}"`,
      };
    }),
  );
  app.delete(
    "/api/properties/:pid/extensions/:name",
    editor,
    edit(200, (document, request) => {
      const { name } = paramsOf(request);
      const index = document.extensions.findIndex((e) => e.name === name);
      if (index < 0) throw apiProblems.notFound(`Extension "${name}"`);
      document.extensions.splice(index, 1);
      return { action: "extension.remove", target: name!, summary: `removed extension "${name}"` };
    }),
  );

  app.post(
    "/api/properties/:pid/data-elements",
    editor,
    edit(201, (document, request) => {
      const element = withId<PropertyDocument["dataElements"][number]>(
        objectField(jsonBody(request), "dataElement"),
        "DE",
        "dataElement",
      );
      if (document.dataElements.some((d) => d.id === element.id))
        throw apiProblems.conflict(`Data element id "${element.id}" is taken.`);
      document.dataElements.push(element);
      return {
        action: "dataElement.create",
        target: element.id,
        summary: `added data element "${element.name}"`,
      };
    }),
  );
  app.put(
    "/api/properties/:pid/data-elements/:id",
    editor,
    edit(200, (document, request) => {
      const { id } = paramsOf(request);
      const index = document.dataElements.findIndex((d) => d.id === id);
      if (index < 0) throw apiProblems.notFound(`Data element "${id}"`);
      const element = {
        ...objectField(jsonBody(request), "dataElement"),
        id,
      } as PropertyDocument["dataElements"][number];
      document.dataElements[index] = element;
      return {
        action: "dataElement.update",
        target: id!,
        summary: `updated data element "${element.name}"`,
      };
    }),
  );
  app.delete(
    "/api/properties/:pid/data-elements/:id",
    editor,
    edit(200, (document, request) => {
      const { id } = paramsOf(request);
      const index = document.dataElements.findIndex((d) => d.id === id);
      if (index < 0) throw apiProblems.notFound(`Data element "${id}"`);
      const [removed] = document.dataElements.splice(index, 1);
      return {
        action: "dataElement.remove",
        target: id!,
        summary: `removed data element "${removed?.name}"`,
      };
    }),
  );

  app.post(
    "/api/properties/:pid/rules",
    editor,
    edit(201, (document, request) => {
      const rule = ruleFrom(objectField(jsonBody(request), "rule"));
      if (document.rules.some((r) => r.id === rule.id))
        throw apiProblems.conflict(`Rule id "${rule.id}" is taken.`);
      document.rules.push(rule);
      return { action: "rule.create", target: rule.id, summary: `added rule "${rule.name}"` };
    }),
  );
  app.put(
    "/api/properties/:pid/rules/:id",
    editor,
    edit(200, (document, request) => {
      const { id } = paramsOf(request);
      const index = document.rules.findIndex((r) => r.id === id);
      if (index < 0) throw apiProblems.notFound(`Rule "${id}"`);
      const rule = ruleFrom({ ...objectField(jsonBody(request), "rule"), id });
      document.rules[index] = rule;
      return { action: "rule.update", target: id!, summary: `updated rule "${rule.name}"` };
    }),
  );
  app.delete(
    "/api/properties/:pid/rules/:id",
    editor,
    edit(200, (document, request) => {
      const { id } = paramsOf(request);
      const rule = findRule(document, id!);
      document.rules.splice(document.rules.indexOf(rule), 1);
      return { action: "rule.remove", target: id!, summary: `removed rule "${rule.name}"` };
    }),
  );

  app.post(
    "/api/properties/:pid/rules/:id/components",
    editor,
    edit(201, (document, request) => {
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
    edit(200, (document, request) => {
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
    edit(200, (document, request) => {
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
