import type { LibraryInfo } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, fixtureDocument, signIn } from "../../main/testSupport.ts";
import createApp from "../../main/createApp.ts";
import useTestPostgres from "../../db/testPostgres.ts";
import { PostgresStore } from "../../store/PostgresStore.ts";
import authoringContract from "./authoringContract.ts";

const cluster = useTestPostgres();
authoringContract("PostgreSQL", () =>
  Promise.resolve(
    new PostgresStore(cluster.url(), { schema: cluster.schema("authoring"), max: 2 }),
  ),
);

describe("the studio API on PostgreSQL", () => {
  it("seeds, edits under the settings' own lock and publishes, serving the library from PostgreSQL", async () => {
    const store = new PostgresStore(cluster.url(), {
      schema: cluster.schema("authoring_api"),
      max: 4,
    });
    const app = createApp({
      store,
      rateLimitPerSecond: 0,
      auth: { adminPassword: ADMIN_PASSWORD, print: () => undefined },
      demo: { document: () => Promise.resolve(fixtureDocument()), origins: [] },
    });
    try {
      await app.ready();
      const admin = await signIn(app, "admin", ADMIN_PASSWORD);
      const production = await app.inject({ url: "/libs/PRfixture/PRfixtureprod/launch.min.js" });
      expect(production.statusCode).toBe(200);
      const P = "/api/properties/PRfixture";
      const renamed = await admin.call("PUT", `${P}/settings`, { revision: 1, name: "On PG" });
      expect(renamed.statusCode).toBe(200);
      expect(
        (await admin.call("PUT", `${P}/settings`, { revision: 1, name: "Stale" })).json(),
      ).toMatchObject({
        status: 409,
        type: "urn:liftoff:errors:api:edit-conflict",
        conflict: { resource: { kind: "settings" }, currentRevision: 2, changedBy: "admin" },
      });
      const lib = (
        await admin.call("POST", `${P}/libraries`, {
          name: "Two",
          environmentId: "PRfixturedev",
          // No rule changed: the library holds nothing, and its builds still take the
          // property's settings as they are now (the new name).
          addAllChanged: true,
        })
      ).json<LibraryInfo>();
      for (const step of ["build", "submit", "approve", "publish"])
        expect((await admin.call("POST", `${P}/libraries/${lib.id}/${step}`)).statusCode).toBe(200);
      const after = await app.inject({ url: "/libs/PRfixture/PRfixtureprod/launch.min.js" });
      expect(after.headers.etag).not.toBe(production.headers.etag);
      expect(after.body).toContain("On PG");
    } finally {
      await app.close();
      await store.close();
    }
  }, 30_000);
});
