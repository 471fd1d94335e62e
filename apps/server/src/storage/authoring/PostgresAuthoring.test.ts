import { afterAll, beforeAll } from "vitest";
import { startPostgres } from "../../../../../scripts/postgres.mjs";
import { PostgresStore } from "../PostgresStore.ts";
import authoringContract from "./authoringContract.ts";

// Like PostgresStore.test.ts: `npm test` provides a cluster, a scoped run starts its own.
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
authoringContract("PostgreSQL", () =>
  Promise.resolve(new PostgresStore(url, { schema: `authoring_${run}_${n++}`, max: 2 })),
);
