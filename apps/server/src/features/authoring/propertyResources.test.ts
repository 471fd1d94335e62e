import type { PropertyDocument } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { writesBetween } from "./PropertyService.ts";
import type { PropertySnapshot } from "./AuthoringRepository.ts";
import {
  assembleDocument,
  duplicateKey,
  putResource,
  removeResource,
  splitDocument,
} from "./propertyResources.ts";

const doc = (): PropertyDocument => ({
  formatVersion: 1,
  company: { orgId: "ORG@AdobeOrg" },
  // Key order deliberately not alphabetical: assembly must keep the settings' own order.
  property: { name: "Split", id: "PRsplit", settings: { domains: ["example.test"] } },
  environments: [{ id: "ENdev", name: "Development", stage: "development" }],
  extensions: [{ name: "core", displayName: "Core", settings: { zeta: 1, alpha: 2 } }],
  dataElements: [{ id: "DE1", name: "page", modulePath: "core/src/lib/dataElements/constant.js" }],
  rules: [
    { id: "RL1", name: "One", events: [], conditions: [], actions: [] },
    { id: "RL2", name: "Two", events: [], conditions: [], actions: [] },
  ],
});

/** A snapshot whose every resource is at revision 1, as a new property is. */
function snapshotOf(document: PropertyDocument): PropertySnapshot {
  return {
    id: document.property.id,
    revision: 1,
    updatedAt: "2026-11-24T00:00:00.000Z",
    updatedBy: "erin",
    resources: splitDocument(document).map((entry, position) => ({
      ...entry,
      position,
      revision: 1,
      deleted: false,
      updatedAt: "2026-11-24T00:00:00.000Z",
      updatedBy: "erin",
      changedIn: 1,
    })),
  };
}

describe("property resources", () => {
  it("splits a document into settings, environments, extensions, data elements and rules", () => {
    const entries = splitDocument(doc());
    expect(entries.map((e) => `${e.kind}:${e.id}:${e.name}`)).toEqual([
      "settings:property:Split",
      "environment:ENdev:Development",
      "extension:core:Core",
      "dataElement:DE1:page",
      "rule:RL1:One",
      "rule:RL2:Two",
    ]);
    expect(Object.keys(entries[0]!.body as object)).toEqual([
      "formatVersion",
      "company",
      "property",
    ]);
  });

  it("assembles the same document back, byte for byte", () => {
    const original = doc();
    expect(JSON.stringify(assembleDocument(splitDocument(original)))).toBe(
      JSON.stringify(original),
    );
  });

  it("puts a resource back in place or at the end, and removes one", () => {
    const document = doc();
    putResource(document, "rule", {
      id: "RL1",
      name: "One again",
      events: [],
      conditions: [],
      actions: [],
    });
    putResource(document, "rule", {
      id: "RL3",
      name: "Three",
      events: [],
      conditions: [],
      actions: [],
    });
    expect(document.rules.map((r) => r.name)).toEqual(["One again", "Two", "Three"]);
    expect(removeResource(document, { kind: "rule", id: "RL2" })).toBe(true);
    expect(removeResource(document, { kind: "rule", id: "RL2" })).toBe(false);
    putResource(document, "settings", {
      ...(splitDocument(document)[0]!.body as object),
      property: { id: "PRsplit", name: "Renamed", settings: {} },
    });
    expect(document.property.name).toBe("Renamed");
  });

  it("finds ids used twice", () => {
    const document = doc();
    expect(duplicateKey(splitDocument(document))).toBeUndefined();
    document.rules.push({ ...document.rules[0]! });
    expect(duplicateKey(splitDocument(document))).toBe("rule:RL1");
  });
});

describe("writesBetween", () => {
  it("writes only the resources that changed, appends new ones, and deletes softly", () => {
    const head = snapshotOf(doc());
    const next = doc();
    next.rules[0]!.description = "edited";
    next.rules.splice(1, 1);
    next.dataElements.push({
      id: "DE2",
      name: "new",
      modulePath: "core/src/lib/dataElements/constant.js",
    });
    const writes = writesBetween(head, next);
    expect(writes.map((w) => [w.kind, w.id, w.from, w.deleted, w.position])).toEqual([
      ["dataElement", "DE2", 0, false, 6],
      ["rule", "RL1", 1, false, 4],
      ["rule", "RL2", 1, true, 5],
    ]);
    // A delete keeps the body it deletes, so its history shows what was removed.
    expect(writes[2]!.body).toEqual(doc().rules[1]);
  });

  it("writes nothing for an unchanged document", () => {
    expect(writesBetween(snapshotOf(doc()), doc())).toEqual([]);
  });

  it("brings a deleted resource back at its old position", () => {
    const head = snapshotOf(doc());
    const deleted = head.resources.find((r) => r.id === "RL1")!;
    Object.assign(deleted, { deleted: true, revision: 2 });
    const writes = writesBetween(head, doc());
    expect(writes).toEqual([
      expect.objectContaining({ id: "RL1", from: 2, deleted: false, position: 4 }),
    ]);
  });
});
