import type { PropertyDocument } from "@liftoff/schema";
import type { ApiContext } from "./ApiContext.ts";

export const SEED_USER = "system";

/**
 * First start: when the store holds no property yet, saves `document` as revision 1 by
 * `system` and takes a library "Initial" through build, submit, approve and publish, so
 * every environment serves a library out of the box. Returns the library id, or undefined
 * when properties already exist.
 */
export default async function seedProperty(
  ctx: ApiContext,
  document: PropertyDocument,
): Promise<string | undefined> {
  if ((await ctx.store.authoring.listProperties()).length > 0) return undefined;
  const record = await ctx.properties.create(document, SEED_USER, {
    action: "property.seed",
    summary: `seeded property "${document.property.name}"`,
  });
  const development = record.document.environments.find((e) => e.stage === "development");
  if (!development) throw new Error(`seed: property "${record.id}" has no development environment`);
  const library = await ctx.publisher.create(
    record.id,
    { name: "Initial", environmentId: development.id },
    SEED_USER,
  );
  for (const step of ["build", "submit", "approve", "publish"] as const)
    await ctx.publisher.step(record.id, library.id, step, SEED_USER);
  return library.id;
}
