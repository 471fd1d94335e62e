import { describe, expect, it } from "vitest";
import { smallProperty } from "../test/fixtureProperty.ts";
import diffProperties from "./diffProperties.ts";

describe("diffProperties", () => {
  it("finds no changes between equal documents", () => {
    expect(diffProperties(smallProperty(), smallProperty())).toEqual([]);
  });

  it("lists added, removed and changed items with field paths", () => {
    const from = smallProperty();
    const to = smallProperty();
    to.property.settings.undefinedVarsReturnEmpty = true;
    to.rules[1]!.events[0]!.settings = { identifier: "signup-complete" };
    to.rules.splice(2, 1);
    to.dataElements.push({
      id: "DE9",
      name: "new one",
      modulePath: "core/src/lib/dataElements/constant.js",
      settings: { value: "x" },
    });
    to.environments[0]!.name = "Dev";
    to.extensions[1]!.settings = { instances: [] };
    expect(diffProperties(from, to)).toEqual([
      {
        kind: "settings",
        id: "PR0123456789abcdef0123456789abcdef",
        name: "Builder fixture",
        change: "changed",
        fields: [{ path: "property.settings.undefinedVarsReturnEmpty", from: false, to: true }],
      },
      {
        kind: "environment",
        id: "EN00000000000000000000000000000dev",
        name: "Dev",
        change: "changed",
        fields: [{ path: "name", from: "Development", to: "Dev" }],
      },
      {
        kind: "extension",
        id: "web-sdk",
        name: "web-sdk",
        change: "changed",
        fields: [
          {
            path: "settings.instances[0]",
            from: from.extensions[1]!.settings!.instances![0 as never],
            to: undefined,
          },
        ],
      },
      { kind: "dataElement", id: "DE9", name: "new one", change: "added" },
      { kind: "rule", id: "RL3", name: "Disabled", change: "removed" },
      {
        kind: "rule",
        id: "RL2",
        name: "Signup",
        change: "changed",
        fields: [{ path: "events[0].settings.identifier", from: "signup", to: "signup-complete" }],
      },
    ]);
  });
});
