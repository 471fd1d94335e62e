/**
 * A Launch property → a property document, from container JSON or from the text of a built
 * library file (readLibraryFile). A Liftoff property document (it has `formatVersion`) is
 * only parsed and validated. What maps:
 * - `core` stays `core`; its module paths are Launch's own.
 * - `adobe-alloy` → `web-sdk`, `adobe-mcid` → `identity` (catalog `launchNames`); their
 *   modules are matched by delegate name (`send-event`, `xdm-object`, `mcid-instance`…),
 *   because the two implementations lay their files out differently.
 * - Any other extension is kept opaque: its module scripts are copied as source text
 *   (`opaqueModules`) and still run in libraries built from the document.
 * Function settings (transformed custom code) go back to the code string authors edit.
 * Ids that Launch containers lack (data elements, rule components, missing environments)
 * are derived from what the container holds, so importing the same file twice gives the
 * same document.
 */
import { createHash } from "node:crypto";
import {
  PROPERTY_FORMAT_VERSION,
  ValidationError,
  ValidationErrors,
  isPlainObject,
  STAGES,
  typeName,
  type ImportReport,
  type PropertyDataElement,
  type PropertyDocument,
  type PropertyEnvironment,
  type PropertyRule,
  type Stage,
} from "@liftoff/schema";
import { findByLaunchName } from "./catalog.ts";
import { join } from "./describePlace.ts";
import parsePropertyDocument from "./parsePropertyDocument.ts";
import mapLaunchExtension, { importSettings, type Mapping } from "./mapLaunchExtension.ts";
import readLibraryFile, { toPlain } from "./readLibraryFile.ts";
import validateProperty from "./validateProperty.ts";

type Json = Record<string, unknown>;

const hashId = (prefix: string, ...parts: string[]) =>
  prefix + createHash("sha256").update(parts.join("\0")).digest("hex").slice(0, 32);

function parseInput(input: string | object): Json {
  if (typeof input !== "string") {
    if (!isPlainObject(input))
      throw new ValidationErrors([
        new ValidationError("container", `expected object, got ${typeName(input)}`),
      ]);
    // A container built in JavaScript holds functions; they become source text, as from a file.
    return toPlain(input, new Set()) as Json;
  }
  const text = input.replace(/^\uFEFF/, "");
  if (text.trimStart().startsWith("{")) {
    try {
      return JSON.parse(text) as Json;
    } catch (error) {
      throw new Error(
        `The file starts like JSON but is not valid JSON: ${(error as Error).message}`,
      );
    }
  }
  return readLibraryFile(text);
}

function requireObject(value: unknown, path: string, errors: ValidationError[]): Json {
  if (isPlainObject(value)) return value;
  errors.push(new ValidationError(path, `expected object, got ${typeName(value)}`));
  return {};
}

/**
 * The original's turbine version and date: extensions may read them from buildInfo. A build
 * that predates `buildInfo.minified` (turbine 27 and earlier) always asked for hosted files
 * by their plain names; its rebuilds report `minified: false` to keep asking for those.
 */
function turbineOf(container: Json): Json {
  const info = isPlainObject(container.buildInfo) ? container.buildInfo : {};
  const kept: Json = Object.fromEntries(
    (["turbineVersion", "turbineBuildDate"] as const)
      .filter((key) => typeof info[key] === "string" && info[key].trim() !== "")
      .map((key) => [key, info[key]]),
  );
  if (isPlainObject(container.buildInfo) && !("minified" in info)) kept.buildInfoMinified = false;
  return kept;
}

function environmentsFor(
  container: Json,
  propertyId: string,
  report: ImportReport,
): PropertyEnvironment[] {
  const given = isPlainObject(container.environment) ? container.environment : undefined;
  // Builds of turbine 27 and earlier name only the stage, as `buildInfo.environment`.
  const buildInfo = isPlainObject(container.buildInfo) ? container.buildInfo : {};
  const givenStage = STAGES.find((s) => s === (given ? given.stage : buildInfo.environment));
  const givenId =
    typeof given?.id === "string" && /^[A-Za-z0-9_-]+$/.test(given.id) ? given.id : undefined;
  const name = (stage: Stage) => stage[0]!.toUpperCase() + stage.slice(1);
  const environments = STAGES.map((stage) => ({
    id: stage === givenStage && givenId ? givenId : hashId("EN", propertyId, stage),
    name: name(stage),
    stage,
  }));
  const added = STAGES.filter((stage) => stage !== givenStage || !givenId);
  if (added.length)
    report.warnings.push(
      `environments: the container carried no ${added.join(", ")} environment; added with new ids`,
    );
  return environments;
}

export default function importLaunch(input: string | object): {
  document: PropertyDocument;
  report: ImportReport;
} {
  const container = parseInput(input);
  const report: ImportReport = { mapped: [], opaque: [], warnings: [] };
  // A Liftoff property document (an export of ours) needs no mapping, only checking.
  if (container.formatVersion !== undefined) {
    const document = parsePropertyDocument(container);
    for (const problem of validateProperty(document))
      report.warnings.push(`validation: ${problem.path}: ${problem.message}`);
    return { document, report };
  }
  const errors: ValidationError[] = [];
  const company = requireObject(container.company, "company", errors);
  const property = requireObject(container.property, "property", errors);
  const extensions = requireObject(container.extensions ?? {}, "extensions", errors);
  const dataElements = requireObject(container.dataElements ?? {}, "dataElements", errors);
  const rules = Array.isArray(container.rules) ? (container.rules as unknown[]) : [];
  if (container.rules !== undefined && !Array.isArray(container.rules))
    errors.push(new ValidationError("rules", `expected array, got ${typeName(container.rules)}`));
  if (typeof company.orgId !== "string")
    errors.push(new ValidationError("company.orgId", "expected the org id string"));
  if (property.id !== undefined && typeof property.id !== "string")
    errors.push(new ValidationError("property.id", "expected string"));
  if (errors.length) throw new ValidationErrors(errors);
  if (property.id === undefined) {
    // Builds of turbine 27 and earlier carry no property id: one is derived, the same for
    // every import of the property.
    const name = typeof property.name === "string" ? property.name : "";
    property.id = hashId("PR", name, String(company.orgId));
    report.warnings.push(
      `property.id: the container carried none (an older Launch build); derived ${String(property.id)} from its name and org id`,
    );
  }

  const mapping: Mapping = { paths: new Map(), extensions: [] };
  for (const [name, extension] of Object.entries(extensions))
    mapLaunchExtension(
      name,
      isPlainObject(extension) ? extension : {},
      findByLaunchName(name),
      mapping,
      report,
    );
  const mapPath = (path: unknown) =>
    typeof path === "string" ? (mapping.paths.get(path) ?? path) : path;

  const component = (raw: unknown, path: string, id: string): Json => {
    const c = isPlainObject(raw) ? raw : {};
    const modulePath = mapPath(c.modulePath) as string;
    const out: Json = { ...c, id, modulePath };
    const settings = importSettings(c.settings, modulePath, join(path, "settings"), report);
    if (settings) out.settings = settings;
    else delete out.settings;
    return out;
  };
  const documentRules = rules.map((raw, r): PropertyRule => {
    const rule = isPlainObject(raw) ? raw : {};
    const ruleId =
      typeof rule.id === "string" ? rule.id : hashId("RL", String(property.id), String(r));
    const list = (kind: "events" | "conditions" | "actions") =>
      (Array.isArray(rule[kind]) ? (rule[kind] as unknown[]) : []).map((c, i) =>
        component(c, join(join(join("rules", r), kind), i), hashId("RC", ruleId, kind, String(i))),
      );
    return {
      id: ruleId,
      name: typeof rule.name === "string" ? rule.name : ruleId,
      events: list("events") as unknown as PropertyRule["events"],
      conditions: list("conditions") as unknown as PropertyRule["conditions"],
      actions: list("actions") as unknown as PropertyRule["actions"],
    };
  });
  const documentElements = Object.entries(dataElements).map(([name, raw]): PropertyDataElement => {
    const element = component(
      raw,
      join("dataElements", name),
      hashId("DE", String(property.id), name),
    );
    return { ...element, name } as unknown as PropertyDataElement;
  });
  const settings = isPlainObject(property.settings) ? property.settings : {};
  const document = parsePropertyDocument({
    formatVersion: PROPERTY_FORMAT_VERSION,
    company: Object.fromEntries(
      Object.entries({
        orgId: company.orgId,
        dynamicCdnEnabled: company.dynamicCdnEnabled,
        cdnAllowList: company.cdnAllowList,
      }).filter(([, v]) => v !== undefined),
    ),
    property: {
      id: property.id,
      name: typeof property.name === "string" ? property.name : String(property.id),
      settings: {
        ...Object.fromEntries(
          ["domains", "undefinedVarsReturnEmpty", "ruleComponentSequencingEnabled"]
            .filter((key) => settings[key] !== undefined)
            .map((key) => [key, settings[key]]),
        ),
        ...turbineOf(container),
      },
    },
    environments: environmentsFor(container, String(property.id), report),
    extensions: mapping.extensions,
    dataElements: documentElements,
    rules: documentRules,
  });
  for (const problem of validateProperty(document))
    report.warnings.push(`validation: ${problem.path}: ${problem.message}`);
  return { document, report };
}
