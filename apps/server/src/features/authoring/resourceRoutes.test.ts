import type {
  PropertyState,
  ResourceRevision,
  ResourceRevisionInfo,
  RevisionInfo,
} from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  clientWith,
  fixtureDocument,
  signIn,
  type Client,
} from "../../main/testSupport.ts";

const P = "/api/properties/PRfixture";
let app: LiftoffApp;
let erin: Client;
let sam: Client;
let viewer: Client;

beforeEach(async () => {
  app = apiApp();
  const admin = await signIn(app, "admin", ADMIN_PASSWORD);
  [erin, sam, viewer] = [
    await clientWith(app, admin, "editor"),
    await clientWith(app, admin, "editor"),
    await clientWith(app, admin, "viewer"),
  ];
  expect((await erin.call("POST", "/api/properties/import", fixtureDocument())).statusCode).toBe(
    201,
  );
});
afterEach(async () => {
  await app.close();
});

const ok = (res: { statusCode: number; body: string; json<T>(): T }) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<PropertyState>();
};
const revisionOf = (state: PropertyState, id: string) =>
  state.resources.find((r) => r.id === id)!.revision;
const rule = fixtureDocument().rules[0]!;
const element = fixtureDocument().dataElements[0]!;

describe("two editors on one property", () => {
  it("save different resources from the same state; the same resource conflicts, with the other version", async () => {
    ok(await erin.call("POST", `${P}/rules`, { rule: { ...rule, id: "RLother", name: "Other" } }));
    const start = ok(await viewer.call("GET", P));
    const other = start;
    ok(
      await erin.call("PUT", `${P}/rules/${rule.id}`, {
        revision: revisionOf(start, rule.id),
        rule: { ...rule, description: "Erin's notes" },
      }),
    );
    // Sam loaded the property before Erin saved, and edits two other things: no conflict.
    ok(
      await sam.call("PUT", `${P}/rules/RLother`, {
        revision: revisionOf(start, "RLother"),
        rule: { ...other.document.rules[1]!, description: "Sam's rule" },
      }),
    );
    ok(
      await sam.call("PUT", `${P}/data-elements/${element.id}`, {
        revision: revisionOf(start, element.id),
        dataElement: { ...element, forceLowerCase: true },
      }),
    );
    const conflict = await sam.call("PUT", `${P}/rules/${rule.id}`, {
      revision: revisionOf(start, rule.id),
      rule: { ...rule, name: "Sam's name" },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      type: "urn:liftoff:errors:api:edit-conflict",
      conflict: {
        resource: { kind: "rule", id: rule.id, name: "Page View" },
        yourRevision: 1,
        currentRevision: 2,
        changedBy: erin.session.user.username,
        current: { description: "Erin's notes" },
      },
    });
    // Sam merges (their notes, his name) and saves from revision 2.
    const saved = ok(
      await sam.call("PUT", `${P}/rules/${rule.id}`, {
        revision: 2,
        rule: { ...rule, name: "Sam's name", description: "Erin's notes" },
      }),
    );
    expect(saved.saved).toEqual({ kind: "rule", id: rule.id, revision: 3 });
    const merged = ok(await viewer.call("GET", P));
    expect(merged.document.rules[0]).toMatchObject({
      name: "Sam's name",
      description: "Erin's notes",
    });
    expect(merged.document.dataElements[0]!.forceLowerCase).toBe(true);
    expect(merged.document.rules[1]!.description).toBe("Sam's rule");
    const history = (await viewer.call("GET", `${P}/revisions`)).json<RevisionInfo[]>();
    const [e, s] = [erin.session.user.username, sam.session.user.username];
    expect(
      history.map((h) => [
        h.revision,
        h.author,
        h.resources.map((r) => `${r.id}@${r.revision}`),
        h.summary,
      ]),
    ).toEqual([
      [6, s, [`${rule.id}@3`], `updated rule "Sam's name"`],
      [5, s, [`${element.id}@2`], 'updated data element "page name"'],
      [4, s, ["RLother@2"], 'updated rule "Other"'],
      [3, e, [`${rule.id}@2`], 'updated rule "Page View"'],
      [2, e, ["RLother@1"], 'added rule "Other"'],
      [1, e, expect.arrayContaining([`${rule.id}@1`, `${element.id}@1`]), "imported the property"],
    ]);
  });
});

describe("resource history, restore, copy and bulk", () => {
  it("lists and shows a rule's revisions, and restores revision 1 as the newest", async () => {
    ok(
      await erin.call("PUT", `${P}/rules/${rule.id}`, {
        revision: 1,
        rule: { ...rule, name: "Two" },
      }),
    );
    ok(
      await sam.call("PUT", `${P}/rules/${rule.id}`, {
        revision: 2,
        rule: { ...rule, name: "Three" },
      }),
    );
    const history = (await viewer.call("GET", `${P}/resources/rule/${rule.id}/revisions`)).json<
      ResourceRevisionInfo[]
    >();
    expect(history.map((h) => [h.revision, h.author, h.summary])).toEqual([
      [3, sam.session.user.username, 'updated rule "Three"'],
      [2, erin.session.user.username, 'updated rule "Two"'],
      [1, erin.session.user.username, "imported the property"],
    ]);
    const first = (
      await viewer.call("GET", `${P}/resources/rule/${rule.id}/revisions/1`)
    ).json<ResourceRevision>();
    expect(first).toMatchObject({ revision: 1, name: "Page View", body: rule });
    const restored = ok(
      await erin.call("POST", `${P}/resources/rule/${rule.id}/restore`, { revision: 3, from: 1 }),
    );
    expect(restored.saved).toEqual({ kind: "rule", id: rule.id, revision: 4 });
    expect(restored.document.rules[0]).toEqual(rule);
    // Restoring from a stale revision is a conflict like any other save.
    expect(
      (await sam.call("POST", `${P}/resources/rule/${rule.id}/restore`, { revision: 3, from: 2 }))
        .statusCode,
    ).toBe(409);
    expect(
      (await viewer.call("POST", `${P}/resources/rule/${rule.id}/restore`, { revision: 4 }))
        .statusCode,
    ).toBe(403);
  });

  it("undoes a delete: the rule comes back where it was", async () => {
    const copyId = ok(await erin.call("POST", `${P}/resources/rule/${rule.id}/copy`)).saved!.id;
    ok(await erin.call("DELETE", `${P}/rules/${rule.id}?revision=1`));
    const deleted = ok(await erin.call("GET", P));
    // Out of the document (builds leave it out), still listed: it can be restored.
    expect(deleted.document.rules.map((r) => r.id)).toEqual([copyId]);
    expect(deleted.resources.find((r) => r.id === rule.id)).toMatchObject({
      deleted: true,
      revision: 2,
      // Production never had it: there is nothing to ship.
      changed: false,
    });
    expect((await erin.call("DELETE", `${P}/rules/${rule.id}?revision=2`)).json()).toMatchObject({
      status: 409,
      detail: expect.stringContaining("already deleted"),
    });
    const back = ok(
      await sam.call("POST", `${P}/resources/rule/${rule.id}/restore`, { revision: 2 }),
    );
    expect(back.saved).toEqual({ kind: "rule", id: rule.id, revision: 3 });
    expect(back.document.rules.map((r) => r.id)).toEqual([rule.id, copyId]);
    expect(back.document.rules[0]).toEqual(rule);
    expect(back.resources.find((r) => r.id === rule.id)).toMatchObject({
      deleted: false,
      revision: 3,
    });
    const history = (await viewer.call("GET", `${P}/resources/rule/${rule.id}/revisions`)).json<
      ResourceRevisionInfo[]
    >();
    expect(history.map((h) => [h.revision, h.deleted, h.summary])).toEqual([
      [3, false, 'restored rule "Page View" to revision 1'],
      [2, true, 'deleted rule "Page View"'],
      [1, false, "imported the property"],
    ]);
  });

  it("copies a rule and a data element with new ids and unique names", async () => {
    const copy = await erin.call("POST", `${P}/resources/rule/${rule.id}/copy`);
    expect(copy.statusCode).toBe(201);
    const state = copy.json<PropertyState>();
    const made = state.document.rules.find((r) => r.id === state.saved!.id)!;
    expect(made.name).toBe("Copy of Page View");
    expect(made.id).toMatch(/^RL[0-9a-f]{32}$/);
    expect(state.saved).toEqual({ kind: "rule", id: made.id, revision: 1 });
    // Every component gets an id of its own; what it does is copied as it is.
    for (const c of [...made.events, ...made.actions]) expect(c.id).toMatch(/^RC[0-9a-f]{32}$/);
    expect(made.events[0]!.id).not.toBe(rule.events[0]!.id);
    expect(made.actions[0]!.id).not.toBe(rule.actions[0]!.id);
    expect(made.actions[0]!.settings).toEqual(rule.actions[0]!.settings);
    expect(state.resources.find((r) => r.id === made.id)).toMatchObject({
      name: "Copy of Page View",
      revision: 1,
      changed: true,
      deleted: false,
    });
    const again = ok(await erin.call("POST", `${P}/resources/rule/${rule.id}/copy`));
    expect(again.document.rules.map((r) => r.name)).toEqual([
      "Page View",
      "Copy of Page View",
      "Copy of Page View (2)",
    ]);
    const de = ok(await erin.call("POST", `${P}/resources/dataElement/${element.id}/copy`));
    expect(de.document.dataElements.map((d) => d.name)).toEqual(["page name", "Copy of page name"]);
    expect((await erin.call("POST", `${P}/resources/extension/core/copy`)).json()).toMatchObject({
      status: 400,
      errors: [{ path: "kind" }],
    });
  });

  it("disables, enables, deletes and restores in bulk, one property revision each, or nothing", async () => {
    const copied = ok(await erin.call("POST", `${P}/resources/rule/${rule.id}/copy`));
    const copyId = copied.saved!.id;
    const items = (state: PropertyState) =>
      [rule.id, copyId].map((id) => ({ kind: "rule", id, revision: revisionOf(state, id) }));
    const disabled = ok(
      await erin.call("POST", `${P}/bulk`, { action: "disable", items: items(copied) }),
    );
    expect(disabled.revision).toBe(copied.revision + 1);
    expect(disabled.document.rules.map((r) => r.enabled)).toEqual([false, false]);
    // One stale item refuses the whole change.
    const stale = await sam.call("POST", `${P}/bulk`, { action: "enable", items: items(copied) });
    expect(stale.statusCode).toBe(409);
    expect(ok(await viewer.call("GET", P)).document.rules.map((r) => r.enabled)).toEqual([
      false,
      false,
    ]);
    const enabled = ok(
      await erin.call("POST", `${P}/bulk`, { action: "enable", items: items(disabled) }),
    );
    expect(enabled.document.rules.map((r) => r.enabled)).toEqual([undefined, undefined]);
    const deleted = ok(
      await erin.call("POST", `${P}/bulk`, { action: "delete", items: items(enabled) }),
    );
    expect(deleted.document.rules).toEqual([]);
    const restored = ok(
      await erin.call("POST", `${P}/bulk`, { action: "restore", items: items(deleted) }),
    );
    expect(restored.document.rules.map((r) => r.id)).toEqual([rule.id, copyId]);
  });

  it("refuses a selector browsers refuse, in the words the studio shows, naming the field", async () => {
    const state = ok(await viewer.call("GET", P));
    const click = {
      ...rule,
      enabled: true,
      events: [
        {
          ...rule.events[0]!,
          modulePath: "core/src/lib/events/click.js",
          settings: { elementSelector: "a.cta >", bubbleFireIfParent: true },
        },
      ],
    };
    const refused = await erin.call("PUT", `${P}/rules/${rule.id}`, {
      revision: revisionOf(state, rule.id),
      rule: click,
    });
    expect(refused.json()).toMatchObject({
      status: 422,
      errors: [
        {
          path: "rule.events[0].settings.elementSelector",
          message: "not a valid CSS selector: a.cta >",
        },
      ],
    });
    const fixed = {
      ...click,
      events: [{ ...click.events[0]!, settings: { elementSelector: "a.cta" } }],
    };
    ok(
      await erin.call("PUT", `${P}/rules/${rule.id}`, {
        revision: revisionOf(state, rule.id),
        rule: fixed,
      }),
    );
  });

  it("answers bad input with 400 naming the field and unknown resources with 404", async () => {
    for (const [body, field] of [
      [{ action: "explode", items: [] }, "action"],
      [{ action: "delete", items: [] }, "items"],
      [
        { action: "delete", items: [{ kind: "settings", id: "property", revision: 1 }] },
        "items[0].kind",
      ],
      [{ action: "delete", items: [{ kind: "rule", id: "", revision: 1 }] }, "items[0].id"],
      [
        { action: "delete", items: [{ kind: "rule", id: rule.id, revision: 0 }] },
        "items[0].revision",
      ],
      [
        { action: "disable", items: [{ kind: "extension", id: "core", revision: 1 }] },
        "items[0].kind",
      ],
    ] as const)
      expect((await erin.call("POST", `${P}/bulk`, body)).json(), field).toMatchObject({
        status: 400,
        errors: [{ path: field }],
      });
    expect((await viewer.call("GET", `${P}/resources/widget/x/revisions`)).json()).toMatchObject({
      status: 400,
      errors: [{ path: "kind" }],
    });
    expect((await viewer.call("GET", `${P}/resources/rule/RLnone/revisions`)).statusCode).toBe(404);
    expect(
      (await viewer.call("GET", `${P}/resources/rule/${rule.id}/revisions/9`)).statusCode,
    ).toBe(404);
    expect((await erin.call("PUT", `${P}/rules/RLnone`, { revision: 1, rule })).statusCode).toBe(
      404,
    );
    expect(
      (
        await erin.call("POST", `${P}/resources/rule/${rule.id}/restore`, { revision: 1, from: 7 })
      ).json(),
    ).toMatchObject({ status: 400, errors: [{ path: "from" }] });
    expect(
      (await erin.call("POST", `${P}/resources/rule/RLnone/restore`, { revision: 1 })).json(),
    ).toMatchObject({ status: 404, type: "urn:liftoff:errors:api:not-found" });
    expect((await erin.call("POST", `${P}/resources/rule/RLnone/copy`)).json()).toMatchObject({
      status: 404,
    });
    expect(
      (
        await erin.call("POST", `${P}/bulk`, {
          action: "restore",
          items: [{ kind: "rule", id: "RLnone", revision: 1 }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await erin.call("POST", `${P}/rules`, { rule: { ...rule } })).json()).toMatchObject({
      status: 409,
      detail: expect.stringContaining("is taken"),
    });
  });
});
