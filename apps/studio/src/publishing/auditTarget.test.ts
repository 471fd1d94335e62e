import type { AuditEntry, LibraryInfo } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { auditTarget, type AuditKnown } from "./auditTarget.ts";

const state = propertyState();
state.resources.find((r) => r.id === "DE1")!.deleted = true;
const known: AuditKnown = {
  state,
  libraries: [{ id: "LB1", name: "November release" } as LibraryInfo],
};
const entry = (action: string, target: string, detail?: unknown): AuditEntry => ({
  id: 1,
  at: "2026-11-24T10:00:00.000Z",
  user: "ada",
  action,
  propertyId: "PR1",
  target,
  detail,
});

describe("auditTarget", () => {
  it("names rules, libraries and a rule's components with links to them", () => {
    expect(auditTarget(entry("rule.update", "RL1"), known)).toEqual({
      text: "Page View",
      to: "/properties/PR1/rules/RL1",
    });
    expect(auditTarget(entry("library.publish", "LB1"), known)).toEqual({
      text: "November release",
      to: "/properties/PR1/libraries/LB1",
    });
    expect(auditTarget(entry("rule.component.update", "AC1"), known)).toEqual({
      text: "Page View",
      to: "/properties/PR1/rules/RL1",
    });
    expect(auditTarget(entry("environment.create", "ENdev"), known)).toEqual({
      text: "Development",
      to: "/properties/PR1/environments",
    });
  });

  it("marks deleted items, naming those gone for good as the entry recorded them", () => {
    expect(auditTarget(entry("dataElement.remove", "DE1"), known).text).toBe("page name (deleted)");
    expect(auditTarget(entry("library.build", "LB9", { name: "Spring" }), known)).toEqual({
      text: "Spring (deleted)",
    });
    expect(
      auditTarget(entry("rule.remove", "RL9", { summary: 'deleted rule "Old banner"' }), known),
    ).toEqual({ text: "Old banner (deleted)" });
  });

  it("shows targets that are names already as they are", () => {
    expect(auditTarget(entry("user.create", "sam"), known)).toEqual({ text: "sam" });
    expect(auditTarget({ ...entry("rule.update", "RL1"), propertyId: undefined }, known)).toEqual({
      text: "RL1",
    });
  });
});
