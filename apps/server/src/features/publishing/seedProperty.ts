import type { LibraryInfo, PropertyDocument } from "@liftoff/schema";
import type { ApiContext } from "../../main/ApiContext.ts";
import type { Step } from "./Publisher.ts";

export const SEED_USER = "system";
export const SEED_LIBRARY = "Initial";

/** The steps still to take from a library's state to production. */
const REMAINING: Partial<Record<LibraryInfo["state"], Step[]>> = {
  development: ["build", "submit", "approve", "publish"],
  submitted: ["approve", "publish"],
  approved: ["publish"],
};

export type SeedOutcome = "published" | "skipped" | "stopped";

/**
 * First start: when the store holds no property yet, saves `document` as revision 1 by
 * `system` and takes a library "Initial" through build, submit, approve and publish, so
 * every environment serves a library out of the box. A seed cut short (shutdown, crash) is
 * finished on the next start: the seeded property without a published library resumes
 * where its "Initial" library stopped. `signal` stops it between two steps. A seeded property
 * that has no reporting mapping gets the seed's (addReporting).
 */
export default async function seedProperty(
  ctx: ApiContext,
  document: PropertyDocument,
  signal?: AbortSignal,
): Promise<SeedOutcome> {
  const id = document.property.id;
  const properties = await ctx.store.authoring.listProperties();
  if (properties.some((p) => p.id === id)) await addReporting(ctx, document);
  if (properties.some((p) => p.id !== id)) return "skipped";
  if (properties.length === 0)
    await ctx.properties.create(document, SEED_USER, {
      action: "property.seed",
      summary: `seeded property "${document.property.name}"`,
    });
  return publishSeedLibrary(ctx, id, signal);
}

/**
 * Takes a seeded property's library "Initial" (made by `system` with every resource) from
 * where it stands to production; "skipped" when the property has a published library.
 */
export async function publishSeedLibrary(
  ctx: ApiContext,
  id: string,
  signal?: AbortSignal,
): Promise<SeedOutcome> {
  const libraries = await ctx.store.authoring.listLibraries(id);
  if (libraries.some((l) => l.state === "published")) return "skipped";
  const library =
    libraries.find((l) => l.name === SEED_LIBRARY && l.createdBy === SEED_USER) ??
    (await createLibrary(ctx, id));
  const steps = REMAINING[library.state];
  if (!steps) return "skipped";
  for (const step of steps) {
    if (signal?.aborted) return "stopped";
    // The seed is the system, not a person: a property seeded with separation of duties on
    // (the demo) still gets its first library to production.
    await ctx.publisher.step(id, library.id, step, SEED_USER, { system: true });
  }
  return "published";
}

/**
 * A property seeded before property documents carried a reporting mapping has none, and its
 * reports would be gone after the upgrade: it gets its seed's mapping once, as a revision by
 * `system`. A mapping an author edited or emptied (saved as empty lists) is never replaced.
 */
async function addReporting(ctx: ApiContext, document: PropertyDocument): Promise<void> {
  const reporting = document.property.settings.reporting;
  if (!reporting) return;
  const { id } = document.property;
  const { document: current } = await ctx.properties.load(id);
  if (current.property.settings.reporting) return;
  await ctx.properties.change(id, SEED_USER, [], (draft) => {
    draft.property.settings.reporting = structuredClone(reporting);
    return {
      action: "property.settings",
      target: id,
      summary: "added the seed's reporting mapping (the property had none)",
    };
  });
}

async function createLibrary(ctx: ApiContext, propertyId: string): Promise<LibraryInfo> {
  const { document } = await ctx.properties.load(propertyId);
  const development = document.environments.find((e) => e.stage === "development");
  if (!development)
    throw new Error(`seed: property "${propertyId}" has no development environment`);
  return ctx.publisher.create(
    propertyId,
    { name: SEED_LIBRARY, environmentId: development.id, addAllChanged: true },
    SEED_USER,
  );
}
