import { describe, expect, it } from "vitest";
import { dataElementUsers, extensionUsers } from "./extensionUsers.ts";
import type { PropertyDocument } from "./property.ts";
import { tokenNames } from "./tokens.ts";

const doc = {
  formatVersion: 1,
  company: {},
  property: { id: "PR1", name: "P", settings: {} },
  environments: [],
  extensions: [{ name: "core" }, { name: "web-sdk" }],
  dataElements: [
    {
      id: "DE1",
      name: "page name",
      modulePath: "core/src/lib/dataElements/constant.js",
      settings: { value: "home" },
    },
    {
      id: "DE2",
      name: "title",
      modulePath: "core/src/lib/dataElements/constant.js",
      settings: { value: "%page name% | Site" },
    },
    {
      id: "DE3",
      name: "xdm",
      modulePath: "web-sdk/src/lib/dataElements/xdmObject.js",
      settings: { data: { web: { name: ["%page name%"] } } },
    },
  ],
  rules: [
    {
      id: "RL1",
      name: "Page view",
      enabled: false,
      events: [{ id: "e", modulePath: "core/src/lib/events/pageBottom.js", settings: {} }],
      conditions: [],
      actions: [
        { id: "a", modulePath: "web-sdk/src/lib/actions/sendEvent.js", settings: { xdm: "%xdm%" } },
      ],
    },
    {
      id: "RL2",
      name: "Width",
      events: [],
      conditions: [],
      actions: [
        {
          id: "a",
          modulePath: "core/src/lib/actions/customCode.js",
          settings: { source: "50% of %page names%" },
        },
      ],
    },
  ],
} as unknown as PropertyDocument;

describe("tokenNames", () => {
  it("reads data element names, not percentages or event tokens", () => {
    expect(tokenNames("%page name% at 50%; width: 20% for %event.type% and %this.id%")).toEqual([
      "page name",
    ]);
  });
});

describe("tokenNames of an edge property", () => {
  it("reads {{name}} tokens, whole or inside text, and no %name%", () => {
    expect(tokenNames("{{page url}}", "edge")).toEqual(["page url"]);
    expect(tokenNames("Bearer {{api token}} for %page name% and {{ id }}", "edge")).toEqual([
      "api token",
      " id ",
    ]);
    expect(tokenNames("{{page url}}")).toEqual([]);
  });
});

describe("dataElementUsers", () => {
  it("reads {{tokens}} in an edge property, %tokens% in a web one", () => {
    const element = (id: string, name: string, value: string) => ({
      id,
      name,
      modulePath: "core/src/lib/dataElements/join.js",
      settings: { values: [value] },
    });
    const edge = {
      ...doc,
      property: { id: "PR2", name: "E", settings: { platform: "edge" } },
      dataElements: [
        element("DE1", "url", "x"),
        element("DE2", "braces", "{{url}}"),
        element("DE3", "percents", "%url%"),
      ],
      rules: [],
    } as unknown as PropertyDocument;
    expect(dataElementUsers(edge, "url")).toEqual([
      { kind: "dataElement", id: "DE2", name: "braces" },
    ]);
    const web = { ...edge, property: { ...edge.property, settings: {} } } as PropertyDocument;
    expect(dataElementUsers(web, "url")).toEqual([
      { kind: "dataElement", id: "DE3", name: "percents" },
    ]);
  });

  it("lists the rules and data elements naming one by token, disabled ones too", () => {
    expect(dataElementUsers(doc, "page name")).toEqual([
      { kind: "dataElement", id: "DE2", name: "title" },
      { kind: "dataElement", id: "DE3", name: "xdm" },
    ]);
    expect(dataElementUsers(doc, "xdm")).toEqual([{ kind: "rule", id: "RL1", name: "Page view" }]);
    expect(dataElementUsers(doc, "title")).toEqual([]);
  });

  it("is to data elements what extensionUsers is to extensions", () => {
    expect(extensionUsers(doc, "web-sdk").map((u) => u.id)).toEqual(["RL1", "DE3"]);
  });
});
