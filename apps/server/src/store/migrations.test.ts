import { expect, it } from "vitest";
import { migrations } from "./migrations.ts";

// Pending migrations run in list order, and migrate(upTo) stops at the first version past
// upTo: a list out of order would skip migrations or apply them out of turn.
it("lists migrations once each, in version order, from 1 without gaps", () => {
  expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
  for (const m of migrations) {
    expect(m.name.length, `migration ${m.version} has a name`).toBeGreaterThan(0);
    expect(m.sqlite.trim().length + m.postgres.trim().length).toBeGreaterThan(0);
  }
});
