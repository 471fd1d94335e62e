import type { OutboundHost, PropertyDocument } from "@liftoff/schema";
import type { ApiContext } from "../../main/ApiContext.ts";
import type { SecretBox } from "../forwarding/SecretBox.ts";
import { publishSeedLibrary, SEED_USER, type SeedOutcome } from "../publishing/seedProperty.ts";
import type { Datastream } from "../../store/Store.ts";

const SECRET_DATA_ELEMENT = "core/src/lib/dataElements/secret.js";

/**
 * The demo's server-side variant (`liftoff serve --demo --demo-variant server-side`): an
 * event forwarding property that sends the vendor tags' calls from the server.
 */
export interface DemoForwarding {
  /** The property (platform `edge`); the demo datastreams forward to its environments. */
  document: () => Promise<PropertyDocument>;
  /** The hosts it sends to: the demo site's stand-ins, on loopback, so allowed as private. */
  hosts: OutboundHost[];
}

/** What the seed writes in place of a secret a vendor would issue (the stand-ins take any). */
export const demoSecretValue = (name: string) => `demo-${name}`;

/**
 * Seeds the forwarding property beside the demo's web property: creates it, lets it send to
 * the stand-ins' hosts, sets each secret its data elements name in every environment, links
 * each demo datastream to the environment of the same stage, and publishes its first library.
 * Each step runs only while the property has no published library (a first start, or one
 * cut short), so what an admin changes afterwards — hosts, secrets, a datastream unlinked —
 * stays as they left it. Without a key ring (`box` undefined: PostgreSQL without
 * LIFTOFF_SECRET_KEYS) no secret can be set; `warn` says so, and the destinations that need
 * one fail until an admin sets it.
 */
export default async function seedForwardingDemo(
  ctx: ApiContext,
  document: PropertyDocument,
  allowedHosts: OutboundHost[],
  datastreams: Datastream[],
  secrets: { box: SecretBox | undefined; warn: (message: string) => void },
): Promise<SeedOutcome> {
  const id = document.property.id;
  const properties = await ctx.store.authoring.listProperties();
  if (!properties.some((p) => p.id === id))
    await ctx.properties.create(document, SEED_USER, {
      action: "property.seed",
      summary: `seeded property "${document.property.name}"`,
    });
  const libraries = await ctx.store.authoring.listLibraries(id);
  if (libraries.some((l) => l.state === "published")) return "skipped";

  const repository = ctx.store.forwarding;
  const hosts = await repository.hosts(id);
  const missing = allowedHosts.filter((h) => !hosts.some((k) => k.host === h.host));
  if (missing.length > 0) await repository.setHosts(id, [...hosts, ...missing]);

  const names = document.dataElements
    .filter((e) => e.modulePath === SECRET_DATA_ELEMENT && typeof e.settings?.name === "string")
    .map((e) => e.settings!.name as string);
  const set = await repository.secrets(id);
  const { box } = secrets;
  if (names.length > 0 && !box)
    secrets.warn(
      `demo: secrets are off (no LIFTOFF_SECRET_KEYS), so ${names.join(", ")} of "${id}" stay unset and the actions that need them fail`,
    );
  for (const environment of box ? document.environments : [])
    for (const name of names) {
      if (set.some((s) => s.environmentId === environment.id && s.name === name)) continue;
      const place = { propertyId: id, environmentId: environment.id, name };
      await repository.putSecret(
        id,
        environment.id,
        box!.seal(place, demoSecretValue(name)),
        SEED_USER,
        Date.now(),
      );
    }

  for (const datastream of datastreams) {
    const environment = document.environments.find((e) => e.stage === datastream.stage);
    if (environment)
      await ctx.store.datastreams.setForwarding(datastream.id, {
        propertyId: id,
        environmentId: environment.id,
      });
  }
  return publishSeedLibrary(ctx, id);
}

/**
 * The names of the web property's rules that the forwarding property does on the server
 * (its rules carry the same names): a data folder first seeded without the server-side
 * variant still loads those tags on the page, and the vendors would get each call twice.
 */
export function rulesOnBothSides(web: PropertyDocument, edge: PropertyDocument): string[] {
  const onPage = new Set(web.rules.filter((r) => r.enabled !== false).map((r) => r.name));
  return edge.rules.filter((r) => onPage.has(r.name)).map((r) => r.name);
}
