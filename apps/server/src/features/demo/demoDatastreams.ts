import type { PropertyDocument } from "@liftoff/schema";
import type { Datastream, DatastreamRepository } from "../../store/Store.ts";

/** The Web SDK setting that names an environment's datastream, per Launch stage. */
const STAGE_SETTING: Record<string, string> = {
  development: "developmentEdgeConfigId",
  staging: "stagingEdgeConfigId",
  production: "edgeConfigId",
};

/** The datastream ids the document's first Web SDK instance sends to, by stage. */
function webSdkIds(document: PropertyDocument): Record<string, unknown> {
  const settings = document.extensions.find((e) => e.name === "web-sdk")?.settings as
    { instances?: Array<Record<string, unknown>> } | undefined;
  return settings?.instances?.[0] ?? {};
}

/**
 * The datastreams of the demo property, one per environment, named as its Web SDK sends
 * them (pc-marketing's `pc-marketing-<stage>`; `<property>-<environment>` without a Web SDK,
 * as PropertyService.ensureDatastreams names them), accepting events from `allowedOrigins`.
 */
export function demoDatastreams(
  document: PropertyDocument,
  allowedOrigins: string[],
): Datastream[] {
  const ids = webSdkIds(document);
  return document.environments.map((env) => {
    const named = ids[STAGE_SETTING[env.stage] ?? ""];
    return {
      id: typeof named === "string" && named ? named : `${document.property.id}-${env.id}`,
      orgId: document.company.orgId ?? "",
      propertyId: document.property.id,
      environmentId: env.id,
      stage: env.stage,
      allowedOrigins,
    };
  });
}

/**
 * Creates the demo datastreams, or adds the demo origins to existing ones (an older data
 * folder, another demo port), keeping every origin an admin listed.
 */
export async function putDemoDatastreams(
  repository: DatastreamRepository,
  datastreams: Datastream[],
): Promise<void> {
  for (const wanted of datastreams) {
    const current = await repository.get(wanted.id);
    if (!current) {
      await repository.put(wanted);
      continue;
    }
    const missing = wanted.allowedOrigins.filter((o) => !current.allowedOrigins.includes(o));
    if (missing.length > 0)
      await repository.put({ ...current, allowedOrigins: [...current.allowedOrigins, ...missing] });
  }
}
