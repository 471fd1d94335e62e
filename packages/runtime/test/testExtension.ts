/* eslint-disable @typescript-eslint/prefer-promise-reject-errors, @typescript-eslint/no-implied-eval --
   these modules reject with non-Errors and evaluate probe code on purpose */
/**
 * A small Launch extension used by the differential suite: events, conditions, actions and
 * data elements whose behaviour is set by their settings, and which record what happened on
 * `window.__events`. Scripts are plain functions (serialised into the library), so they use
 * only their parameters and page globals.
 */
type Script = (module: any, exports: any, require: any, turbine: any) => void;
const mod = (name: string, displayName: string, script: Script) => ({ name, displayName, script });

export const P = "test/src/lib";

export const testModules: Record<
  string,
  { name?: string; displayName?: string; script: Script; shared?: boolean }
> = {
  [`${P}/events/libraryLoaded.js`]: mod("library-loaded", "Library Loaded", (module) => {
    module.exports = (settings: any, trigger: any) => trigger(settings.event);
  }),
  [`${P}/events/manual.js`]: mod("manual", "Manual", (module) => {
    module.exports = (settings: any, trigger: any) => {
      const w = window as any;
      w.__triggers = w.__triggers || {};
      (w.__triggers[settings.id] = w.__triggers[settings.id] || []).push(trigger);
      w.__fire = (id: string, event?: unknown) =>
        (w.__triggers[id] || []).forEach((t: any) => t(event));
      w.__events.push(["event-init", settings.id]);
    };
  }),
  [`${P}/conditions/value.js`]: mod("value", "Value Condition", (module) => {
    module.exports = (settings: any) => settings.value;
  }),
  [`${P}/conditions/delayed.js`]: mod("delayed", "Delayed Condition", (module) => {
    module.exports = (settings: any) =>
      new Promise((r) => setTimeout(() => r(settings.value), settings.delay));
  }),
  [`${P}/conditions/throws.js`]: mod("throws", "Throwing Condition", (module) => {
    module.exports = (settings: any) => {
      throw new Error(settings.message);
    };
  }),
  [`${P}/conditions/rejects.js`]: mod("rejects", "Rejecting Condition", (module) => {
    module.exports = (settings: any) => Promise.reject(settings.reason);
  }),
  [`${P}/actions/record.js`]: mod("record", "Record", (module) => {
    module.exports = (settings: any, event: any) =>
      (window as any).__events.push([
        "action",
        event.$rule.name,
        settings.label,
        settings.value === undefined ? null : settings.value,
      ]);
  }),
  [`${P}/actions/delayed.js`]: mod("delayed-action", "Delayed Action", (module) => {
    module.exports = (settings: any, event: any) =>
      new Promise<void>((r) =>
        setTimeout(() => {
          (window as any).__events.push(["delayed", event.$rule.name, settings.label]);
          r();
        }, settings.delay),
      );
  }),
  [`${P}/actions/never.js`]: mod("never", "Never Settles", (module) => {
    module.exports = () => new Promise(() => {});
  }),
  [`${P}/actions/throws.js`]: mod("throws-action", "Throwing Action", (module) => {
    module.exports = (settings: any) => {
      throw new Error(settings.message);
    };
  }),
  [`${P}/actions/rejects.js`]: mod("rejects-action", "Rejecting Action", (module) => {
    module.exports = (settings: any) => Promise.reject(settings.reason);
  }),
  [`${P}/actions/eval.js`]: mod("eval", "Eval", (module, _exports, _require, turbine) => {
    // Runs settings.code with the turbine object and event in scope: probes the module API.
    module.exports = (settings: any, event: any) =>
      new Function("turbine", "event", settings.code)(turbine, event);
  }),
  [`${P}/dataElements/value.js`]: mod("value-de", "Value", (module) => {
    module.exports = (settings: any) => settings.value;
  }),
  [`${P}/dataElements/global.js`]: mod("global-de", "Global", (module) => {
    module.exports = (settings: any) => (window as any)[settings.name];
  }),
  [`${P}/dataElements/throws.js`]: mod("throws-de", "Throwing", (module) => {
    module.exports = () => {
      throw new Error("data element broke");
    };
  }),
};

interface ContainerParts {
  rules?: object[];
  dataElements?: Record<string, object>;
  modules?: Record<string, object>;
  settings?: Record<string, unknown>;
  extensionSettings?: Record<string, unknown>;
  company?: Record<string, unknown>;
  extensions?: Record<string, object>;
}

/** A complete container with the test extension and the given rules and data elements. */
export function container(parts: ContainerParts = {}): object {
  return {
    company: parts.company ?? {
      orgId: "ABCDEF0123456789ABCDEF01@AdobeOrg",
      dynamicCdnEnabled: false,
    },
    property: {
      name: "Differential",
      id: "PR0123456789abcdef0123456789abcdef",
      settings: {
        domains: ["site.test"],
        undefinedVarsReturnEmpty: false,
        ruleComponentSequencingEnabled: false,
        ...parts.settings,
      },
    },
    buildInfo: {
      turbineVersion: "28.1.0",
      turbineBuildDate: "2025-02-06T00:00:00Z",
      buildDate: "2025-03-26T00:00:00Z",
      minified: true,
    },
    environment: { id: "EN0123456789abcdef0123456789abcdef", stage: "production" },
    rules: parts.rules ?? [],
    dataElements: parts.dataElements ?? {},
    extensions: {
      test: {
        displayName: "Test Extension",
        hostedLibFilesBaseUrl: "/libs/test/",
        settings: parts.extensionSettings,
        modules: { ...testModules, ...parts.modules },
      },
      ...parts.extensions,
    },
  };
}

let counter = 0;
/** A rule; ids are generated, components default to the test extension's paths. */
export function rule(
  name: string,
  parts: { events?: object[]; conditions?: object[]; actions?: object[] },
): object {
  counter += 1;
  return {
    id: `RL${String(counter).padStart(32, "0")}`,
    name,
    events: parts.events ?? [loaded()],
    conditions: parts.conditions ?? [],
    actions: parts.actions ?? [],
  };
}

export const loaded = (ruleOrder = 50, event?: object) => ({
  modulePath: `${P}/events/libraryLoaded.js`,
  settings: { event },
  ruleOrder,
});
export const manual = (id: string, ruleOrder = 50) => ({
  modulePath: `${P}/events/manual.js`,
  settings: { id },
  ruleOrder,
});
export const cond = (value: unknown, extra: object = {}) => ({
  modulePath: `${P}/conditions/value.js`,
  settings: { value },
  ...extra,
});
export const record = (label: string, value?: unknown, extra: object = {}) => ({
  modulePath: `${P}/actions/record.js`,
  settings: { label, value },
  ...extra,
});
export const evalAction = (code: string) => ({
  modulePath: `${P}/actions/eval.js`,
  settings: { code },
});
export const de = (value: unknown, extra: object = {}) => ({
  modulePath: `${P}/dataElements/value.js`,
  settings: { value },
  ...extra,
});
