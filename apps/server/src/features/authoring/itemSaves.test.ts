import type {
  ItemSaved,
  ItemState,
  PropertyDocument,
  PropertyState,
  ResourceSummaryPage,
} from "@liftoff/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { largeProperty } from "../../../../../packages/builder/test/fixtureProperty.ts";
import type { LiftoffApp } from "../../main/createApp.ts";
import { ADMIN_PASSWORD, apiApp, signIn, type Client } from "../../main/testSupport.ts";
import { packageBuilder } from "./BuilderApi.ts";

// Saves of one rule or data element in a property of 2,000 rules and 4,000 data elements:
// the answer is that item (not 3 MB of property), its checks still see what they need from
// the rest of the property (names, the data elements its tokens name, circular references),
// and the lists and property-wide findings are read apart, computed once per revision.
const P = "/api/properties/PRbig";
const RULES = 2000;
const ELEMENTS = 4000;

let app: LiftoffApp;
let editor: Client;
let document: PropertyDocument;
let validations = 0;

beforeAll(async () => {
  app = apiApp({
    builder: {
      validateProperty: (doc) => {
        // Counts whole-property checks only (an item's part has a handful of rules at most).
        if (doc.rules.length + doc.dataElements.length > 100) validations++;
        return packageBuilder.validateProperty(doc);
      },
    },
  });
  editor = await signIn(app, "admin", ADMIN_PASSWORD);
  document = largeProperty(RULES, ELEMENTS);
  document.property.id = "PRbig";
  const imported = await editor.call("POST", "/api/properties/import", document);
  expect(imported.statusCode, imported.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await app.close();
});

const ruleAt = (i: number) => document.rules[i]!;
const revisionOf = async (kind: string, id: string) =>
  (await editor.call("GET", `${P}/items/${kind}/${id}`)).json<ItemState>().resource.revision;

describe("one item's save in a property of 2,000 rules", () => {
  it("answers the item alone, with its index, standing and own findings", async () => {
    const rule = ruleAt(1500);
    const res = await editor.call("PUT", `${P}/rules/${rule.id}`, {
      revision: await revisionOf("rule", rule.id),
      rule: { ...rule, description: "edited" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.length).toBeLessThan(10_000);
    const saved = res.json<ItemSaved>();
    expect(saved).toMatchObject({
      saved: { kind: "rule", id: rule.id, revision: 2 },
      index: 1500,
      item: { id: rule.id, description: "edited" },
      resource: { kind: "rule", id: rule.id, revision: 2, changed: true, deleted: false },
      problems: [],
      disabledProblems: [],
    });
    expect(saved).not.toHaveProperty("document");
  });

  it("names a structural error by the item's path in the whole document", async () => {
    const element = document.dataElements[3000]!;
    const res = await editor.call("PUT", `${P}/data-elements/${element.id}`, {
      revision: await revisionOf("dataElement", element.id),
      dataElement: { ...element, modulePath: 7 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Array<{ path: string }> }>().errors.map((e) => e.path)).toContain(
      "dataElements[3000].modulePath",
    );
  });

  it("refuses a name another rule has, far from the one saved", async () => {
    const rule = ruleAt(10);
    const res = await editor.call("PUT", `${P}/rules/${rule.id}`, {
      revision: await revisionOf("rule", rule.id),
      rule: { ...rule, name: ruleAt(1999).name },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      type: "urn:liftoff:errors:api:name-taken",
      errors: [{ path: "rule.name" }],
    });
  });

  it("sees the data elements its tokens name: a disabled one is a problem of the rule", async () => {
    const element = document.dataElements[3500]!;
    const disabled = await editor.call("PUT", `${P}/data-elements/${element.id}`, {
      revision: await revisionOf("dataElement", element.id),
      dataElement: { ...element, enabled: false },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const rule = ruleAt(700);
    const condition = {
      ...rule.conditions[1]!,
      settings: { ...rule.conditions[1]!.settings, leftOperand: `%${element.name}%` },
    };
    const res = await editor.call("PUT", `${P}/rules/${rule.id}`, {
      revision: await revisionOf("rule", rule.id),
      rule: { ...rule, conditions: [rule.conditions[0]!, condition] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      type: "urn:liftoff:errors:api:item-has-problems",
      errors: [{ path: "rule.conditions[1].settings.leftOperand" }],
    });
  });

  it("finds a circular reference through data elements the part did not hold", async () => {
    // a → b → c, each a constant naming the next; saving c to name a closes the circle.
    const names = ["circle a", "circle b", "circle c"];
    const constant = (i: number, value: string) => ({
      name: names[i]!,
      modulePath: "core/src/lib/dataElements/constant.js",
      settings: { value },
    });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await editor.call("POST", `${P}/data-elements`, {
        dataElement: constant(i, i < 2 ? `%${names[i + 1]}%` : "end"),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<ItemSaved>().index).toBe(ELEMENTS + i);
      ids.push(res.json<ItemSaved>().saved.id);
    }
    const closed = { revision: 1, dataElement: constant(2, `%${names[0]}%`) };
    const refused = await editor.call("PUT", `${P}/data-elements/${ids[2]}`, closed);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Array<{ message: string }> }>().errors[0]!.message).toMatch(
      /circular/,
    );
    // Saved disabled, the circle is what the element needs fixed before it is enabled.
    const kept = await editor.call("PUT", `${P}/data-elements/${ids[2]}`, {
      ...closed,
      dataElement: { ...closed.dataElement, enabled: false },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<ItemSaved>().problems).toEqual([]);
  });

  it("deletes: the item is null, its index the one it had", async () => {
    const rule = ruleAt(1000);
    const res = await editor.call(
      "DELETE",
      `${P}/rules/${rule.id}?revision=${await revisionOf("rule", rule.id)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ItemSaved>()).toMatchObject({
      item: null,
      index: 1000,
      resource: { deleted: true },
    });
    const opened = (await editor.call("GET", `${P}/items/rule/${rule.id}`)).json<ItemState>();
    expect(opened).toMatchObject({ item: null, resource: { deleted: true } });
  });
});

describe("lists and findings of a property of 2,000 rules", () => {
  it("pages, searches and sorts summaries without bodies", async () => {
    const page = (
      await editor.call("GET", `${P}/summaries?kind=rule&limit=50&offset=100`)
    ).json<ResourceSummaryPage>();
    expect(page.total).toBe(RULES);
    expect(page.items).toHaveLength(50);
    expect(page.items[0]).toMatchObject({ kind: "rule", index: 100, enabled: true });
    expect(page.items[0]).not.toHaveProperty("body");
    const found = (
      await editor.call(
        "GET",
        `${P}/summaries?kind=rule&q=${encodeURIComponent(ruleAt(1999).name.toUpperCase())}`,
      )
    ).json<ResourceSummaryPage>();
    expect(found.items.map((s) => s.name)).toEqual([ruleAt(1999).name]);
    const byName = (
      await editor.call("GET", `${P}/summaries?kind=dataElement&sort=name&order=desc&limit=3`)
    ).json<ResourceSummaryPage>();
    const names = byName.items.map((s) => s.name);
    // Names sort without regard to case.
    const lower = names.map((n) => n.toLowerCase());
    expect(lower).toEqual([...lower].sort().reverse());
    expect(byName.total).toBe(ELEMENTS + 3);
    const disabled = (
      await editor.call("GET", `${P}/summaries?kind=dataElement&enabled=false`)
    ).json<ResourceSummaryPage>();
    expect(disabled.items.map((s) => s.name)).toContain(document.dataElements[3500]!.name);
  });

  it("refuses a bad page naming the parameter", async () => {
    const cases: Array<[string, string]> = [
      ["kind=rule&limit=501", "limit"],
      ["kind=rules", "kind"],
      ["kind=rule&offset=-1", "offset"],
      ["kind=rule&sort=size", "sort"],
    ];
    for (const [query, path] of cases) {
      const res = await editor.call("GET", `${P}/summaries?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        errors: [{ path: expect.stringContaining(path) }],
      });
    }
    expect(
      (await editor.call("GET", "/api/properties/PRnone/summaries?kind=rule")).statusCode,
    ).toBe(404);
  });

  it("checks the whole property once per revision, whoever asks", async () => {
    const rule = ruleAt(5);
    const saved = await editor.call("PUT", `${P}/rules/${rule.id}`, {
      revision: await revisionOf("rule", rule.id),
      rule: { ...rule, description: "once" },
    });
    expect(saved.statusCode).toBe(200);
    const before = validations;
    const first = (await editor.call("GET", `${P}/validation`)).json<PropertyState>();
    await editor.call("GET", `${P}/summaries?kind=rule`);
    const state = (await editor.call("GET", P)).json<PropertyState>();
    const again = (await editor.call("GET", `${P}/validation`)).json<PropertyState>();
    expect(validations - before).toBe(1);
    expect(again).toEqual(first);
    expect(state.problems).toEqual(first.problems);
    expect(first.revision).toBe(saved.json<ItemSaved>().revision);
  });
});
