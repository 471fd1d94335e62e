import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { SqliteStore } from "../../store/SqliteStore.ts";
import authoringContract from "./authoringContract.ts";

const dir = mkdtempSync(join(tmpdir(), "liftoff-authoring-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

authoringContract("SQLite", () => Promise.resolve(new SqliteStore(join(dir, `a${n++}.db`))));
