import explainStoreError from "../db/explainStoreError.ts";
import { PostgresStore } from "./PostgresStore.ts";
import { SqliteStore } from "./SqliteStore.ts";
import type { Store } from "./Store.ts";

/**
 * The store `liftoff serve` runs on (`sqlite` in `file`, or a PostgreSQL URL), opened and
 * migrated before anything else starts, so a bad file, folder or URL ends the start with one
 * line that names it and says what to do (explainStoreError) rather than a stack trace.
 */
export default async function openStore(db: string, file: string): Promise<Store> {
  let store: Store | undefined;
  try {
    store = db === "sqlite" ? new SqliteStore(file) : new PostgresStore(db);
    await store.migrate();
    return store;
  } catch (error) {
    await store?.close().catch(() => undefined);
    throw new Error(explainStoreError(error, db === "sqlite" ? { file } : { url: db }), {
      cause: error,
    });
  }
}
