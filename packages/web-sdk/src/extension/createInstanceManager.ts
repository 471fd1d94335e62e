import { ValidationError } from "@liftoff/schema";
import type { QueueFunction, QueuedCommand } from "../baseCode.ts";
import type { CreateClickCollector } from "../createClickCollector.ts";
import createInstance, { type Executor } from "../createInstance.ts";
import uuid from "../uuid.ts";
import { isObject, type Dict } from "../validate.ts";
import type { Turbine } from "./types.ts";

export interface InstanceManager {
  /** The executor configured under `name`, or undefined. */
  getInstance(name: string): Executor | undefined;
  createEventMergeId(): string;
}

const STAGES = ["development", "staging", "production"];

/** Per-environment values: `{development, staging, production}` picks the current stage. */
const forStage = (value: unknown, stage: string) =>
  isObject(value) && Object.keys(value).some((k) => STAGES.includes(k)) ? value[stage] : value;

/**
 * Reads the extension settings `{instances: [{name, edgeConfigId, stagingEdgeConfigId,
 * developmentEdgeConfigId, orgId?, edgeConfigOverrides?, …configure options}]}`, creates
 * and configures one instance per entry with the datastream of the current environment,
 * exposes it as `window[name]` (replaying a base-code queue if the page has one) and keeps
 * its debug flag in step with Launch's. A bad entry is logged with the field's path and
 * skipped; the others still start. `clickCollector` is the click-collection module when the
 * library carries it (the builder adds it when some instance collects clicks).
 */
export default function createInstanceManager(
  turbine: Turbine,
  win: Window = window,
  clickCollector?: CreateClickCollector,
): InstanceManager {
  const globals = win as unknown as Record<string, unknown>;
  const stage = turbine.environment?.stage ?? "production";
  const byName: Record<string, Executor> = {};
  const instances = turbine.getExtensionSettings().instances;
  const list = Array.isArray(instances) ? (instances as unknown[]) : [];
  if (!Array.isArray(instances))
    turbine.logger.error(
      new ValidationError("instances", "must be an array of SDK instances").message,
    );
  list.forEach((raw, i) => {
    try {
      if (!isObject(raw)) throw new ValidationError(`instances[${i}]`, "must be an object");
      const {
        name,
        edgeConfigId,
        datastreamId,
        stagingEdgeConfigId,
        developmentEdgeConfigId,
        ...options
      } = raw;
      if (typeof name !== "string" || !name)
        throw new ValidationError(`instances[${i}].name`, "must be a non-empty string");
      if (byName[name])
        throw new ValidationError(`instances[${i}].name`, `"${name}" is configured twice`);
      const id =
        (stage === "development" && developmentEdgeConfigId) ||
        (stage === "staging" && stagingEdgeConfigId) ||
        datastreamId ||
        edgeConfigId;
      if (typeof id !== "string" || !id)
        throw new ValidationError(`instances[${i}].edgeConfigId`, "must be a datastream id");
      const execute = createInstance({ name, clickCollector }, win);
      byName[name] = execute;
      const overrides = forStage(options.edgeConfigOverrides, stage);
      const config: Dict = {
        ...options,
        datastreamId: id,
        orgId:
          options.orgId ??
          (globals._satellite as { company?: { orgId?: string } } | undefined)?.company?.orgId,
        debugEnabled: !!turbine.debugEnabled,
      };
      if (overrides) config.edgeConfigOverrides = overrides;
      else delete config.edgeConfigOverrides;
      execute("configure", config).catch((error: Error) => turbine.logger.error(error.message));
      const existing = globals[name] as QueueFunction | undefined;
      if (existing?.q) {
        // The page pasted the base code: keep its function, run what it queued
        // (after configure, which the page expects the extension to have done).
        const run = ([resolve, reject, args]: QueuedCommand) => {
          execute(...(Array.from(args) as [string, unknown])).then(resolve, reject);
          return 0;
        };
        const queued = existing.q.splice(0);
        existing.q.push = (...entries) => (entries.forEach(run), 0);
        queued.forEach(run);
      } else {
        globals[name] = execute;
      }
      turbine.onDebugChanged?.((enabled) => void execute("setDebug", { enabled }));
    } catch (error) {
      turbine.logger.error((error as Error).message);
    }
  });
  return { getInstance: (name) => byName[name], createEventMergeId: uuid };
}
