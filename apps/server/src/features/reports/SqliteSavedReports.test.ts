import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { SqliteStore } from "../../store/SqliteStore.ts";
import savedReportContract from "./savedReportContract.ts";

const dir = mkdtempSync(join(tmpdir(), "liftoff-saved-reports-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

savedReportContract("SQLite", () => Promise.resolve(new SqliteStore(join(dir, `s${n++}.db`))));
