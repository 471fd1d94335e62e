import { afterAll, beforeAll } from "vitest";
import { startPostgres } from "../../../../scripts/postgres.mjs";

/**
 * A PostgreSQL for a test file: `npm test` provides one cluster (LIFTOFF_TEST_PG_URL); a
 * scoped run starts its own, so the PostgreSQL suites never skip. `schema(prefix)` names a
 * schema no other suite or run uses.
 */
export default function useTestPostgres() {
  let url = process.env.LIFTOFF_TEST_PG_URL ?? "";
  let stop: (() => void) | undefined;
  beforeAll(async () => {
    if (url) return;
    const started = await startPostgres();
    url = started.url;
    stop = started.stop;
  }, 60_000);
  afterAll(() => stop?.());
  return {
    url: () => url,
    // Numbered per process, not per call: two suites of one file can call this in the same
    // millisecond and would otherwise be given the same schema.
    schema: (prefix: string) => `${prefix}_${RUN}_${schemas++}`,
  };
}

const RUN = `${process.pid}_${Date.now().toString(36)}`;
let schemas = 0;
