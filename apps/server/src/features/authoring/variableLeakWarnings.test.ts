import type { LibraryInfo, PropertyDocument, PropertyState } from "@liftoff/schema";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { editorWithProperty, fixtureDocument, type Client } from "../../main/testSupport.ts";

let app: LiftoffApp;
let editor: Client;
const P = "/api/properties/PRfixture";

const update = (id: string, data: unknown) => ({
  id,
  modulePath: "web-sdk/src/lib/actions/updateVariable.js",
  settings: { dataElementCacheId: "shared-xdm", data },
});
const send = (id: string) => ({
  id,
  modulePath: "web-sdk/src/lib/actions/sendEvent.js",
  settings: { instanceName: "alloy", type: "web.webinteraction.linkClicks", xdm: "%shared xdm%" },
});

/** Two rules fill one Variable: the page name set by one goes out again with the other's event. */
function leakyDocument(): PropertyDocument {
  const doc = fixtureDocument();
  doc.extensions.push({
    name: "web-sdk",
    settings: {
      instances: [
        {
          name: "alloy",
          edgeConfigId: { development: "ds-dev", staging: "ds-stage", production: "ds-prod" },
        },
      ],
    },
  });
  doc.dataElements.push({
    id: "DEshared",
    name: "shared xdm",
    modulePath: "web-sdk/src/lib/dataElements/variable.js",
    settings: { dataElementCacheId: "shared-xdm" },
  });
  doc.rules[0]!.actions.push(
    update("RCpageupdate", { web: { webPageDetails: { name: "%page name%" } } }),
    send("RCpagesend"),
  );
  doc.rules.push({
    id: "RLsignup",
    name: "Signup",
    events: [
      {
        id: "RCsignupcall",
        modulePath: "core/src/lib/events/directCall.js",
        settings: { identifier: "signup" },
      },
    ],
    conditions: [],
    actions: [
      update("RCsignupupdate", { web: { webInteraction: { name: "signup" } } }),
      send("RCsignupsend"),
    ],
  });
  return doc;
}

beforeEach(async () => {
  ({ app, editor } = await editorWithProperty(leakyDocument()));
});
afterEach(async () => {
  await app.close();
});

it("reports shared-variable leaks as warnings, apart from problems, and still builds", async () => {
  const validation = (await editor.call("GET", `${P}/validation`)).json<PropertyState>();
  expect(validation.problems).toEqual([]);
  expect(validation.warnings!.map((w) => [w.where, w.severity])).toEqual([
    ['rule "Page View" › action 2', "warning"],
    ['rule "Signup" › action 1', "warning"],
  ]);
  expect(validation.warnings![0]!.message).toContain(
    '"Page View" sets web.webPageDetails that "Signup" neither sets nor clears',
  );
  const state = (await editor.call("GET", P)).json<PropertyState>();
  expect(state.warnings).toEqual(validation.warnings);

  const lib = (
    await editor.call("POST", `${P}/libraries`, {
      name: "With warnings",
      environmentId: "PRfixturedev",
      addAllChanged: true,
    })
  ).json<LibraryInfo>();
  const built = await editor.call("POST", `${P}/libraries/${lib.id}/build`);
  expect(built.statusCode).toBe(200);
  expect(built.json<LibraryInfo>().builds).toHaveLength(1);
});
