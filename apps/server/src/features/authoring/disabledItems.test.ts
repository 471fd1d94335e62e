import type { PropertyState } from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { editorWithProperty, type Client } from "../../main/testSupport.ts";

let app: LiftoffApp;
let editor: Client;
const P = "/api/properties/PRfixture";

beforeEach(async () => {
  ({ app, editor } = await editorWithProperty());
});
afterEach(async () => {
  await app.close();
});

/** A constant data element without its required value: unfinished work. */
const unfinished = (enabled?: boolean) => ({
  dataElement: {
    name: "campaign",
    modulePath: "core/src/lib/dataElements/constant.js",
    settings: {},
    ...(enabled === undefined ? {} : { enabled }),
  },
});

describe("unfinished work is saved disabled", () => {
  it("refuses an enabled item with problems, naming its fields, and stores nothing", async () => {
    const before = (await editor.call("GET", P)).json<PropertyState>().revision;
    const res = await editor.call("POST", `${P}/data-elements`, unfinished());
    expect(res.statusCode).toBe(422);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json()).toMatchObject({
      type: "urn:liftoff:errors:api:item-has-problems",
      errors: [{ path: "dataElement.settings.value", message: "is required" }],
      detail: expect.stringContaining("save the data element disabled"),
    });
    expect((await editor.call("GET", P)).json<PropertyState>().revision).toBe(before);
  });

  it("keeps a disabled item with its problems listed apart; builds go ahead without it", async () => {
    const res = await editor.call("POST", `${P}/data-elements`, unfinished(false));
    expect(res.statusCode, res.body).toBe(201);
    const state = res.json<PropertyState>();
    expect(state.problems).toEqual([]);
    expect(state.disabledProblems).toEqual([
      {
        path: "dataElements[1].settings.value",
        message: "is required",
        where: 'data element "campaign"',
      },
    ]);
    const lib = await editor.call("POST", `${P}/libraries`, {
      name: "With a draft",
      environmentId: "PRfixturedev",
      addAllChanged: true,
    });
    const built = await editor.call(
      "POST",
      `${P}/libraries/${lib.json<{ id: string }>().id}/build`,
    );
    expect(built.statusCode, built.body).toBe(200);
    const code = (await app.inject({ url: "/libs/PRfixture/PRfixturedev/launch.min.js" })).body;
    expect(code).toContain('"page name"');
    expect(code).not.toContain('"campaign"');
  });

  it("refuses enabling it until it is fixed; disabling always goes through", async () => {
    const saved = (
      await editor.call("POST", `${P}/data-elements`, unfinished(false))
    ).json<PropertyState>();
    const id = saved.saved!.id;
    const item = (revision: number) => ({ kind: "dataElement", id, revision });
    const enable = await editor.call("POST", `${P}/bulk`, { action: "enable", items: [item(1)] });
    expect(enable.statusCode).toBe(422);
    expect(enable.json()).toMatchObject({ errors: [{ path: "items[0].settings.value" }] });
    const fixed = await editor.call("PUT", `${P}/data-elements/${id}`, {
      revision: 1,
      dataElement: { ...unfinished(false).dataElement, settings: { value: "spring" } },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const enabled = await editor.call("POST", `${P}/bulk`, { action: "enable", items: [item(2)] });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const element = enabled.json<PropertyState>().document.dataElements.find((d) => d.id === id)!;
    expect(element.enabled).toBeUndefined();
    const disabled = await editor.call("POST", `${P}/bulk`, {
      action: "disable",
      items: [item(3)],
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
  });
});
