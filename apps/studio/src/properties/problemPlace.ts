import type { ExtensionManifest, PropertyDocument, SettingsSchema } from "@liftoff/schema";
import { findModule } from "../extensions/useCatalog.ts";
import { pathSegments } from "../forms/fieldPathLabel.ts";
import { humanize, itemLabel } from "../forms/schemaType.ts";

type Segment = string | number;

const COMPONENTS: Record<string, string> = {
  events: "Event",
  conditions: "Condition",
  actions: "Action",
};
/** Item members whose form label is not the member's name humanized. */
const MEMBER_LABELS: Record<string, string> = { modulePath: "Type", settings: "Settings" };

/**
 * Where a validation problem is, in the words of the forms that fix it:
 * `rules[27].actions[0].settings.source` → `Rule "Quote start" › Action 1: Custom Code › Code`.
 * Items by name, components by position and module, settings fields by the manifest's label
 * (`title`, else the key humanized). People never see the raw path.
 */
export function problemPlace(
  doc: PropertyDocument,
  catalog: readonly ExtensionManifest[] | undefined,
  path: string,
): string {
  const [list, index, ...rest] = pathSegments(path);
  if (typeof index !== "number") return membersLabel(pathSegments(path), undefined).join(" › ");
  let head: string;
  let schema: SettingsSchema | undefined;
  if (list === "rules") return ruleProblemPlace(doc, catalog, index, rest);
  if (list === "dataElements") {
    const element = doc.dataElements[index];
    head = element ? `Data element "${element.name}"` : `Data element ${index + 1}`;
    schema = element && findModule(catalog, element.modulePath)?.settings;
  } else if (list === "extensions") {
    const extension = doc.extensions[index];
    const manifest = catalog?.find((x) => x.name === extension?.name);
    head = `Extension "${manifest?.displayName ?? extension?.name ?? index + 1}"`;
    schema = manifest?.settings;
  } else if (list === "environments") {
    head = `Environment "${doc.environments[index]?.name ?? index + 1}"`;
  } else return membersLabel(pathSegments(path), undefined).join(" › ");
  return [head, ...membersLabel(rest, schema)].join(" › ");
}

function ruleProblemPlace(
  doc: PropertyDocument,
  catalog: readonly ExtensionManifest[] | undefined,
  index: number,
  rest: Segment[],
): string {
  const rule = doc.rules[index];
  const head = rule ? `Rule "${rule.name}"` : `Rule ${index + 1}`;
  const [kind, position, ...inner] = rest;
  const singular = typeof kind === "string" ? COMPONENTS[kind] : undefined;
  if (!singular || typeof position !== "number")
    return [head, ...membersLabel(rest, undefined)].join(" › ");
  const lists = rule as unknown as Record<string, Array<{ modulePath: string }>> | undefined;
  const component = lists?.[kind as string]?.[position];
  const module = component && findModule(catalog, component.modulePath);
  const place = `${singular} ${position + 1}${module ? `: ${module.displayName}` : ""}`;
  return [head, place, ...membersLabel(inner, module?.settings)].join(" › ");
}

/**
 * Labels of an item's members: `settings` descends into the module's schema (where the
 * label is the field's), list positions count from 1.
 */
function membersLabel(segments: Segment[], settings: SettingsSchema | undefined): string[] {
  const words: string[] = [];
  let schema: SettingsSchema | undefined;
  for (const [i, segment] of segments.entries()) {
    if (typeof segment === "number") {
      // The entry as the form names it: "Path 1" of "Paths".
      if (words.length > 0)
        words[words.length - 1] = `${itemLabel(schema?.items ?? {}, words.at(-1)!)} ${segment + 1}`;
      else words.push(String(segment + 1));
      schema = schema?.items;
      continue;
    }
    if (i === 0 && segment === "settings" && settings) {
      schema = settings;
      continue;
    }
    const child = schema?.properties?.[segment];
    words.push(child?.title ?? MEMBER_LABELS[segment] ?? humanize(segment));
    schema = child;
  }
  return words;
}
