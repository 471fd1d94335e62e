/**
 * A property document → Launch container JSON for one environment: what a Launch build
 * would carry, with module scripts as source strings (JSON has no functions). Settings are
 * exported as authored, per-stage values resolved for the environment: custom code stays a
 * code string, as Launch's own property export keeps it, and importLaunch reads it back
 * unchanged. A consumer that runs the JSON applies the transforms (transforms.ts) first.
 * An event forwarding property (platform `edge`) has no Launch container: it is refused
 * with one problem, as a document that does not validate is.
 */
import type { PropertyDocument } from "@liftoff/schema";
import buildContainer from "./buildContainer.ts";
import { platformOf } from "./catalog.ts";
import { BuildRefusedError, DEFAULT_BUILD_DATE, type ContainerJson } from "./buildLibrary.ts";
import { toJson } from "./JsCode.ts";
import validateProperty from "./validateProperty.ts";

export default async function exportLaunch(
  doc: PropertyDocument,
  environmentId: string,
  options: { buildDate?: string } = {},
): Promise<ContainerJson> {
  const environment = doc.environments.find((e) => e.id === environmentId);
  if (!environment) throw new Error(`environmentId: no environment "${environmentId}"`);
  if (platformOf(doc) === "edge")
    throw new BuildRefusedError([
      {
        path: "property.settings.platform",
        message:
          "an event forwarding property (platform edge) runs on the server and has no Launch container: export it as a Liftoff document",
      },
    ]);
  const problems = validateProperty(doc);
  if (problems.length) throw new BuildRefusedError(problems);
  const container = await buildContainer(doc, environment, {
    buildDate: options.buildDate ?? DEFAULT_BUILD_DATE,
    minify: true,
    transform: false,
  });
  return toJson(container) as ContainerJson;
}
