import type { ItemSaved, PropertyState } from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { editorWithProperty, fixtureDocument, type Client } from "../../main/testSupport.ts";

let app: LiftoffApp;
let editor: Client;
const P = "/api/properties/PRfixture";
const CODE = "core/src/lib/dataElements/customCode.js";

/** The fixture, with a second data element and a second rule that share names stored before names were checked. */
function documentWithDuplicates() {
  const document = fixtureDocument();
  document.dataElements.push({ ...document.dataElements[0]!, id: "DEtwin" });
  document.rules.push({ ...document.rules[0]!, id: "RLtwin" });
  return document;
}

beforeEach(async () => {
  ({ app, editor } = await editorWithProperty(documentWithDuplicates()));
});
afterEach(async () => {
  await app.close();
});

const revisionOf = async (kind: string, id: string) => {
  const state = (await editor.call("GET", P)).json<PropertyState>();
  return state.resources.find((r) => r.kind === kind && r.id === id)!.revision;
};

describe("names of rules and data elements", () => {
  it("refuses a new item whose name another item has, naming the field, and stores nothing", async () => {
    const before = (await editor.call("GET", P)).json<PropertyState>().revision;
    const element = await editor.call("POST", `${P}/data-elements`, {
      dataElement: { name: "page name", modulePath: CODE, settings: { source: "return 1;" } },
    });
    expect(element.statusCode).toBe(409);
    expect(element.json()).toMatchObject({
      type: "urn:liftoff:errors:api:name-taken",
      errors: [
        { path: "dataElement.name", message: 'A data element named "page name" already exists.' },
      ],
    });
    const rule = await editor.call("POST", `${P}/rules`, {
      rule: { name: "Page View", enabled: false, events: [], conditions: [], actions: [] },
    });
    expect(rule.statusCode).toBe(409);
    expect(rule.json()).toMatchObject({
      errors: [{ path: "rule.name", message: 'A rule named "Page View" already exists.' }],
    });
    expect((await editor.call("GET", P)).json<PropertyState>().revision).toBe(before);
  });

  it("refuses renaming an item to another item's name", async () => {
    const created = await editor.call("POST", `${P}/rules`, {
      rule: { name: "Clicks", enabled: false, events: [], conditions: [], actions: [] },
    });
    const id = created.json<PropertyState>().saved!.id;
    const renamed = await editor.call("PUT", `${P}/rules/${id}`, {
      revision: 1,
      rule: { name: "Page View", enabled: false, events: [], conditions: [], actions: [] },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ errors: [{ path: "rule.name" }] });
  });

  it("keeps stored duplicates editable under their name; renaming one resolves the clash", async () => {
    const twin = fixtureDocument().dataElements[0]!;
    const kept = await editor.call("PUT", `${P}/data-elements/DEtwin`, {
      revision: await revisionOf("dataElement", "DEtwin"),
      dataElement: { ...twin, id: "DEtwin", settings: { source: "return 2;" } },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const renamed = await editor.call("PUT", `${P}/data-elements/DEtwin`, {
      revision: await revisionOf("dataElement", "DEtwin"),
      dataElement: { ...twin, id: "DEtwin", name: "page title" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<ItemSaved>()).toMatchObject({ index: 1, item: { name: "page title" } });
    const after = (await editor.call("GET", P)).json<PropertyState>();
    const names = after.document.dataElements.map((d) => d.name);
    expect(names).toEqual(["page name", "page title"]);
    // The rule twin is editable too.
    const rule = fixtureDocument().rules[0]!;
    const ruleKept = await editor.call("PUT", `${P}/rules/RLtwin`, {
      revision: await revisionOf("rule", "RLtwin"),
      rule: { ...rule, id: "RLtwin", enabled: false },
    });
    expect(ruleKept.statusCode, ruleKept.body).toBe(200);
  });

  it("refuses names that are blank, missing or longer than 255 characters", async () => {
    const cases: Array<[unknown, string]> = [
      ["x".repeat(256), "at most 255 characters"],
      ["   ", "non-empty"],
      ["", "non-empty"],
    ];
    for (const [name, message] of cases) {
      const res = await editor.call("POST", `${P}/rules`, {
        rule: { name, events: [], conditions: [], actions: [] },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ errors: Array<{ path: string; message: string }> }>();
      expect(body.errors[0]!.path).toBe("rule.name");
      expect(body.errors[0]!.message).toContain(message);
    }
    const missing = await editor.call("POST", `${P}/data-elements`, {
      dataElement: { modulePath: CODE, settings: { source: "return 1;" } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ path: "dataElement.name" }] });
    const longest = await editor.call("POST", `${P}/data-elements`, {
      dataElement: { name: "y".repeat(255), modulePath: CODE, settings: { source: "return 1;" } },
    });
    expect(longest.statusCode, longest.body).toBe(201);
  });

  it("refuses bringing back a deleted item whose name another item took since", async () => {
    const body = { modulePath: CODE, settings: { source: "return 1;" } };
    const first = await editor.call("POST", `${P}/data-elements`, {
      dataElement: { name: "visitor id", ...body },
    });
    const id = first.json<PropertyState>().saved!.id;
    const removed = await editor.call("DELETE", `${P}/data-elements/${id}?revision=1`);
    expect(removed.statusCode, removed.body).toBe(200);
    const second = await editor.call("POST", `${P}/data-elements`, {
      dataElement: { name: "visitor id", ...body },
    });
    expect(second.statusCode, second.body).toBe(201);
    const revision = await revisionOf("dataElement", id);
    const undo = await editor.call("POST", `${P}/resources/dataElement/${id}/restore`, {
      revision,
    });
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toMatchObject({
      errors: [{ path: "from", message: 'A data element named "visitor id" already exists.' }],
    });
    const bulk = await editor.call("POST", `${P}/bulk`, {
      action: "restore",
      items: [{ kind: "dataElement", id, revision }],
    });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json()).toMatchObject({ errors: [{ path: "items[0]" }] });
  });
});
