import { describe, expect, it } from "vitest";
import { fieldPathLabel, pathSegments } from "./fieldPathLabel.ts";

describe("fieldPathLabel", () => {
  it("splits a path into members and list positions", () => {
    expect(pathSegments("rule.conditions[0].settings.paths[12].value")).toEqual([
      "rule",
      "conditions",
      0,
      "settings",
      "paths",
      12,
      "value",
    ]);
  });

  it("says a path in words, counting list items from 1", () => {
    expect(fieldPathLabel("rule.conditions[0].timeout")).toBe("Rule › Conditions 1 › Timeout");
    expect(fieldPathLabel("dataElement.name")).toBe("Data element › Name");
    expect(fieldPathLabel("body")).toBe("Body");
  });
});
