import * as realBuilder from "@liftoff/builder";
import type { AuditEntry, LibraryInfo, PropertyState } from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";
import { createApiContext } from "../../main/ApiContext.ts";
import seedProperty from "../publishing/seedProperty.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  clientWith,
  fixtureDocument,
  signIn,
  type Client,
} from "../../main/testSupport.ts";

// Separation of duties (docs/server.md, Publishing): a library records who submitted it; with
// the property's `separationOfDuties` on, that person cannot approve it, nor publish it
// straight from submitted; withdrawing it (reject) stays theirs. Only admins turn it on or off.
const P = "/api/properties/PRfixture";
const DEV = "PRfixturedev";

let app: LiftoffApp;
let admin: Client;
let editor: Client;
let approver: Client;
let approver2: Client;

beforeEach(async () => {
  app = apiApp();
  admin = await signIn(app, "admin", ADMIN_PASSWORD);
  editor = await clientWith(app, admin, "editor");
  approver = await clientWith(app, admin, "approver");
  approver2 = await clientWith(app, admin, "approver");
  const imported = await editor.call("POST", "/api/properties/import", fixtureDocument());
  expect(imported.statusCode, imported.body).toBe(201);
});
afterEach(async () => {
  await app.close();
});

const ok = (res: { statusCode: number; body: string; json<T>(): T }) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<LibraryInfo>();
};

/** Sets the property's settings as `who`; the raw response. */
async function setSettings(who: Client, settings: Record<string, unknown>) {
  const state = (await who.call("GET", P)).json<PropertyState>();
  const revision = state.resources.find((r) => r.kind === "settings")!.revision;
  return who.call("PUT", `${P}/settings`, { revision, settings });
}

/** A library of every change, built and submitted by `submitter`. */
async function submittedBy(submitter: Client): Promise<LibraryInfo> {
  const created = ok(
    await submitter.call("POST", `${P}/libraries`, {
      name: "Spring",
      environmentId: DEV,
      addAllChanged: true,
    }),
  );
  ok(await submitter.call("POST", `${P}/libraries/${created.id}/build`));
  return ok(await submitter.call("POST", `${P}/libraries/${created.id}/submit`));
}

const stateOf = async (id: string) => ok(await editor.call("GET", `${P}/libraries/${id}`)).state;

describe("libraries record their submitter", () => {
  it("names who submitted a library and when, in the library and the list", async () => {
    const before = Date.now();
    const library = await submittedBy(editor);
    expect(library.submittedBy).toBe(editor.session.user.username);
    expect(Date.parse(library.submittedAt!)).toBeGreaterThanOrEqual(before - 1000);
    const [listed] = (await editor.call("GET", `${P}/libraries`)).json<LibraryInfo[]>();
    expect(listed).toMatchObject({ submittedBy: editor.session.user.username });
    // Approval keeps it.
    const approved = ok(await approver.call("POST", `${P}/libraries/${library.id}/approve`));
    expect(approved.submittedBy).toBe(editor.session.user.username);
  });
});

describe("with separation of duties off (the default)", () => {
  it("lets the submitter approve and publish their own library", async () => {
    const library = await submittedBy(approver);
    ok(await approver.call("POST", `${P}/libraries/${library.id}/approve`));
    ok(await approver.call("POST", `${P}/libraries/${library.id}/publish`));
    expect(await stateOf(library.id)).toBe("published");
  });
});

describe("with separation of duties on", () => {
  beforeEach(async () => {
    ok(await setSettings(admin, { separationOfDuties: true }));
  });

  it("refuses the submitter's approval with a problem naming the submitter; another approver approves", async () => {
    const library = await submittedBy(approver);
    const refused = await approver.call("POST", `${P}/libraries/${library.id}/approve`);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["content-type"]).toContain("application/problem+json");
    const problem = refused.json<{ type: string; detail: string; submittedBy: string }>();
    expect(problem.type).toBe("urn:liftoff:errors:api:approver-is-submitter");
    expect(problem.submittedBy).toBe(approver.session.user.username);
    expect(problem.detail).toContain(approver.session.user.username);
    expect(await stateOf(library.id)).toBe("submitted");

    ok(await approver2.call("POST", `${P}/libraries/${library.id}/approve`));
    // Publishing an approved library is not self-approval: the submitter may publish it.
    ok(await approver.call("POST", `${P}/libraries/${library.id}/publish`));
    expect(await stateOf(library.id)).toBe("published");
    const audit = (await admin.call("GET", "/api/audit?propertyId=PRfixture")).json<AuditEntry[]>();
    expect(audit.find((e) => e.action === "library.approve")?.user).toBe(
      approver2.session.user.username,
    );
  });

  it("refuses an admin's approval of the library the admin submitted", async () => {
    const library = await submittedBy(admin);
    const refused = await admin.call("POST", `${P}/libraries/${library.id}/approve`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ type: string }>().type).toBe(
      "urn:liftoff:errors:api:approver-is-submitter",
    );
    ok(await approver.call("POST", `${P}/libraries/${library.id}/approve`));
  });

  it("refuses the submitter's publish straight from submitted, as self-approval", async () => {
    const library = await submittedBy(approver);
    const refused = await approver.call("POST", `${P}/libraries/${library.id}/publish`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ type: string }>().type).toBe(
      "urn:liftoff:errors:api:approver-is-submitter",
    );
    expect(await stateOf(library.id)).toBe("submitted");
    // Nothing was served in production.
    const served = await app.inject({ url: "/libs/PRfixture/PRfixtureprod/launch.min.js" });
    expect(served.statusCode).toBe(404);
  });

  it("lets the submitter withdraw (reject) their own library", async () => {
    const library = await submittedBy(approver);
    expect(ok(await approver.call("POST", `${P}/libraries/${library.id}/reject`)).state).toBe(
      "rejected",
    );
  });

  it("still lets the seed (system, not a person) take the demo's first library to production", async () => {
    const store = new SqliteStore(":memory:");
    await store.migrate();
    try {
      const document = fixtureDocument();
      document.property.settings.separationOfDuties = true;
      expect(await seedProperty(createApiContext(store, realBuilder), document)).toBe("published");
      const [library] = await store.authoring.listLibraries("PRfixture");
      expect(library).toMatchObject({ state: "published", submittedBy: "system" });
    } finally {
      await store.close();
    }
  });
});

describe("who may change the setting", () => {
  it("only an admin turns it on or off, and the audit log says so", async () => {
    for (const who of [editor, approver]) {
      const refused = await setSettings(who, { separationOfDuties: true });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<{ type: string; detail: string }>()).toMatchObject({
        type: "urn:liftoff:errors:api:forbidden",
        detail: expect.stringContaining("Approver must differ from the submitter"),
      });
    }
    ok(await setSettings(admin, { separationOfDuties: true }));
    // Other settings stay an editor's, the flag sent unchanged or not at all.
    ok(await setSettings(editor, { libraryMaxAge: 600 }));
    ok(await setSettings(editor, { libraryMaxAge: 60, separationOfDuties: true }));
    const off = await setSettings(editor, { separationOfDuties: false });
    expect(off.statusCode).toBe(403);
    // Restoring an older settings revision (one with the flag off) is changing it too.
    const restore = await editor.call("POST", `${P}/resources/settings/property/restore`, {
      revision: (await editor.call("GET", P))
        .json<PropertyState>()
        .resources.find((r) => r.kind === "settings")!.revision,
      from: 1,
    });
    expect(restore.statusCode, restore.body).toBe(403);
    const state = (await editor.call("GET", P)).json<PropertyState>();
    expect(state.document.property.settings.separationOfDuties).toBe(true);

    ok(await setSettings(admin, { separationOfDuties: false }));
    const audit = (await admin.call("GET", "/api/audit?propertyId=PRfixture")).json<AuditEntry[]>();
    expect(
      audit
        .filter((e) => e.action === "property.settings" && e.user === "admin")
        .map((e) => (e.detail as { summary: string }).summary),
    ).toEqual([
      'turned off "Approver must differ from the submitter"',
      'turned on "Approver must differ from the submitter"',
    ]);
  });
});
