import type { PropertyDocument, PropertyRule, PropertyState, RevisionInfo } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import createApp, { type LiftoffApp } from "../../main/createApp.ts";
import { PostgresStore } from "../../store/PostgresStore.ts";
import useTestPostgres from "../../db/testPostgres.ts";
import { largeProperty } from "../../../../../packages/builder/test/fixtureProperty.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  fixtureDocument,
  signIn,
  type Client,
} from "../../main/testSupport.ts";

// A team of ten at once: saves of different resources never conflict, whatever the timing;
// two saves of the same resource from the same revision: exactly one wins, the other gets
// the edit conflict. Run on SQLite and on PostgreSQL, where concurrent transactions really
// overlap (the property's revision counter is taken inside each transaction).
const P = "/api/properties/PRfixture";
const TEAM = 10;

const rule = (i: number): Partial<PropertyRule> => ({
  name: `Team rule ${i}`,
  events: [{ id: "", modulePath: "core/src/lib/events/domReady.js", settings: {} }],
  conditions: [],
  actions: [],
});

async function teamScenario(app: LiftoffApp, document: PropertyDocument) {
  await app.ready();
  const admin = await signIn(app, "admin", ADMIN_PASSWORD);
  const imported = await admin.call("POST", "/api/properties/import", document);
  expect(imported.statusCode, imported.body).toBe(201);
  const editors: Client[] = [admin];
  for (let i = 1; i < TEAM; i++) {
    const username = `editor${i}`;
    await admin.call("POST", "/api/users", {
      username,
      password: "editor password 1",
      role: "editor",
    });
    editors.push(await signIn(app, username, "editor password 1"));
  }
  const created: string[] = [];
  for (let i = 0; i < TEAM; i++)
    created.push(
      (await admin.call("POST", `${P}/rules`, { rule: rule(i) })).json<PropertyState>().saved!.id,
    );
  const start = (await admin.call("GET", P)).json<PropertyState>();
  const before = start.revision;
  const revisionOf = (id: string) =>
    start.resources.find((r) => r.kind === "rule" && r.id === id)!.revision;

  // Everyone saves their own rule, all at once, from the same loaded state.
  const answers = await Promise.all(
    editors.map((editor, i) =>
      editor.call("PUT", `${P}/rules/${created[i]}`, {
        revision: revisionOf(created[i]!),
        rule: { ...rule(i), id: created[i], description: `by editor ${i}` },
      }),
    ),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(Array(TEAM).fill(200));
  const after = (await admin.call("GET", P)).json<PropertyState>();
  expect(after.revision).toBe(before + TEAM);
  for (let i = 0; i < TEAM; i++)
    expect(after.document.rules.find((r) => r.id === created[i])!.description).toBe(
      `by editor ${i}`,
    );
  const history = (await admin.call("GET", `${P}/revisions`)).json<RevisionInfo[]>();
  expect(new Set(history.slice(0, TEAM).map((h) => h.author)).size).toBe(TEAM);

  // Two people save the same rule from the same revision: one wins, nothing is half-written.
  const target = created[0]!;
  const base = after.resources.find((r) => r.id === target)!.revision;
  const race = await Promise.all(
    [editors[1]!, editors[2]!].map((editor, i) =>
      editor.call("PUT", `${P}/rules/${target}`, {
        revision: base,
        rule: { ...rule(0), id: target, description: `race ${i}` },
      }),
    ),
  );
  expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  const loser = race
    .find((r) => r.statusCode === 409)!
    .json<{ conflict: { current: PropertyRule } }>();
  const final = (await admin.call("GET", P)).json<PropertyState>();
  expect(final.revision).toBe(after.revision + 1);
  expect(final.document.rules.find((r) => r.id === target)!.description).toBe(
    loser.conflict.current.description,
  );
}

/** The fixture property grown to an enterprise's size: 2,000 rules, 4,000 data elements. */
function enterpriseDocument() {
  const document = largeProperty(2000, 4000);
  document.property.id = "PRfixture";
  return document;
}

for (const [label, document] of [
  ["ten editors at once", fixtureDocument],
  ["ten editors at once in a property of 2,000 rules and 4,000 data elements", enterpriseDocument],
] as const)
  describe(label, () => {
    it("on SQLite: different rules all save; the same rule saves once", async () => {
      const app = apiApp();
      try {
        await teamScenario(app, document());
      } finally {
        await app.close();
      }
    }, 120_000);

    const cluster = useTestPostgres();
    it("on PostgreSQL: different rules all save; the same rule saves once", async () => {
      const store = new PostgresStore(cluster.url(), { schema: cluster.schema("team"), max: 12 });
      const app = createApp({
        store,
        rateLimitPerSecond: 0,
        auth: { adminPassword: ADMIN_PASSWORD, print: () => undefined },
      });
      try {
        await teamScenario(app, document());
      } finally {
        await app.close();
        await store.close();
      }
    }, 120_000);
  });
