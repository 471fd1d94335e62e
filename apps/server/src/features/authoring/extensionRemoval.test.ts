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

const revisionOf = (state: PropertyState, kind: string, id: string) =>
  state.resources.find((r) => r.kind === kind && r.id === id)!.revision;

async function withWebSdkUsers(): Promise<PropertyState> {
  const added = await editor.call("PUT", `${P}/extensions/web-sdk`, {
    extension: { displayName: "Web SDK", settings: { instances: [] } },
  });
  expect(added.statusCode).toBe(200);
  const element = await editor.call("POST", `${P}/data-elements`, {
    dataElement: {
      name: "xdm page",
      modulePath: "web-sdk/src/lib/dataElements/xdmObject.js",
      settings: { data: {} },
    },
  });
  expect(element.statusCode).toBe(201);
  const rule = await editor.call("POST", `${P}/rules`, {
    rule: {
      name: "Send page view",
      events: [{ modulePath: "core/src/lib/events/libraryLoaded.js", settings: {} }],
      conditions: [],
      actions: [{ modulePath: "web-sdk/src/lib/actions/sendEvent.js", settings: {} }],
    },
  });
  expect(rule.statusCode).toBe(201);
  return (await editor.call("GET", P)).json<PropertyState>();
}

describe("removing an extension", () => {
  it("is refused while rules or data elements use its modules, naming them", async () => {
    const state = await withWebSdkUsers();
    const res = await editor.call(
      "DELETE",
      `${P}/extensions/web-sdk?revision=${revisionOf(state, "extension", "web-sdk")}`,
    );
    expect(res.statusCode).toBe(409);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    const problem = res.json<{ type: string; detail: string; users: unknown[] }>();
    expect(problem.type).toBe("urn:liftoff:errors:api:extension-in-use");
    expect(problem.detail).toBe(
      'The Web SDK extension is used by rule "Send page view" and data element "xdm page"; change or delete them first.',
    );
    expect(problem.users).toEqual([
      expect.objectContaining({ kind: "rule", name: "Send page view" }),
      expect.objectContaining({ kind: "dataElement", name: "xdm page" }),
    ]);
    const after = (await editor.call("GET", P)).json<PropertyState>();
    expect(after.document.extensions.map((e) => e.name)).toContain("web-sdk");
  });

  it("goes through once nothing uses it", async () => {
    let state = await withWebSdkUsers();
    for (const kind of ["rule", "dataElement"] as const) {
      const item =
        kind === "rule"
          ? state.document.rules.find((r) => r.name === "Send page view")!
          : state.document.dataElements.find((d) => d.name === "xdm page")!;
      const path = kind === "rule" ? "rules" : "data-elements";
      const res = await editor.call(
        "DELETE",
        `${P}/${path}/${item.id}?revision=${revisionOf(state, kind, item.id)}`,
      );
      expect(res.statusCode).toBe(200);
      state = (await editor.call("GET", P)).json<PropertyState>();
    }
    const removed = await editor.call(
      "DELETE",
      `${P}/extensions/web-sdk?revision=${revisionOf(state, "extension", "web-sdk")}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json<PropertyState>().document.extensions.map((e) => e.name)).toEqual(["core"]);
  });

  it("never removes Core", async () => {
    const state = (await editor.call("GET", P)).json<PropertyState>();
    const res = await editor.call(
      "DELETE",
      `${P}/extensions/core?revision=${revisionOf(state, "extension", "core")}`,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      type: "urn:liftoff:errors:api:core-required",
      detail: "The Core extension cannot be removed.",
    });
  });
});
