import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres } from "../../../../scripts/postgres.mjs";
import createApp from "../createApp.ts";
import { pageView, post } from "../edge/testApp.ts";
import { PostgresStore } from "./PostgresStore.ts";
import storeContract from "./storeContract.ts";

// `npm test` provides a cluster; a scoped run starts its own, so this suite never skips.
let url = process.env.LIFTOFF_TEST_PG_URL ?? "";
let stop: (() => void) | undefined;
beforeAll(async () => {
  if (url) return;
  const pg = await startPostgres();
  url = pg.url;
  stop = pg.stop;
}, 60_000);
afterAll(() => stop?.());

let n = 0;
const run = `${process.pid}_${Date.now().toString(36)}`;
storeContract("PostgreSQL", () =>
  Promise.resolve(new PostgresStore(url, { schema: `t_${run}_${n++}`, max: 2 })),
);

describe("the edge on PostgreSQL", () => {
  it("stores interact events and answers collect only after the commit", async () => {
    const store = new PostgresStore(url, { schema: `edge_${run}`, max: 2 });
    const app = createApp({ store, rateLimitPerSecond: 0 });
    try {
      const interact = await post(app, "v1/interact", {
        events: [pageView("pg:1"), pageView("pg:2")],
      });
      expect(interact.statusCode).toBe(200);
      const collect = await post(app, "v1/collect", { events: [pageView("pg:3")] });
      expect(collect.statusCode).toBe(204);
      const names = (await store.events.list()).map((e) => e.pageName).sort();
      expect(names).toEqual(["pg:1", "pg:2", "pg:3"]);
      const bad = await post(app, "v1/interact", '{"events":[{"xdm":{},"data":{"s":"\\u0000"}}]}');
      expect(bad.statusCode).toBe(400);
      expect(await store.events.count()).toBe(3);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
