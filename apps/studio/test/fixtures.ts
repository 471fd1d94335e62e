import type {
  ExtensionManifest,
  PropertyDocument,
  PropertyState,
  ResourceInfo,
  Role,
} from "@liftoff/schema";

/** A small catalog: enough modules for rule and data element editors to build forms from. */
export const catalog: ExtensionManifest[] = [
  {
    name: "core",
    displayName: "Core",
    version: "1.0.0",
    settings: {},
    modules: [
      {
        path: "core/src/lib/events/pageBottom.js",
        kind: "event",
        name: "page-bottom",
        displayName: "Page Bottom",
        settings: {},
      },
      {
        path: "core/src/lib/conditions/path.js",
        kind: "condition",
        name: "path",
        displayName: "Path Without Query String",
        settings: {
          type: "object",
          required: ["paths"],
          properties: {
            paths: {
              type: "array",
              items: {
                type: "object",
                properties: { value: { type: "string" }, valueIsRegex: { type: "boolean" } },
              },
            },
          },
        },
      },
      {
        path: "core/src/lib/actions/customCode.js",
        kind: "action",
        name: "custom-code",
        displayName: "Custom Code",
        settings: {
          type: "object",
          properties: {
            source: { type: "string", format: "code" },
            language: { enum: ["javascript", "html"] },
          },
        },
      },
      {
        path: "core/src/lib/dataElements/javascriptVariable.js",
        kind: "dataElement",
        name: "javascript-variable",
        displayName: "JavaScript Variable",
        settings: { type: "object", properties: { path: { type: "string" } } },
      },
    ],
  },
];

/** Every resource of a document at `revision`, as the API lists them (published, unchanged). */
export function resourcesOf(document: PropertyDocument, revision = 1): ResourceInfo[] {
  const info = (kind: ResourceInfo["kind"], id: string, name: string): ResourceInfo => ({
    kind,
    id,
    name,
    revision,
    updatedAt: "2026-11-21T10:00:00.000Z",
    updatedBy: "admin",
    deleted: false,
    changed: false,
    ...(kind === "rule" || kind === "dataElement" || kind === "extension"
      ? { publishedRevision: revision }
      : {}),
  });
  return [
    info("settings", "property", document.property.name),
    ...document.environments.map((e) => info("environment", e.id, e.name)),
    ...document.extensions.map((e) => info("extension", e.name, e.displayName ?? e.name)),
    ...document.dataElements.map((d) => info("dataElement", d.id, d.name)),
    ...document.rules.map((r) => info("rule", r.id, r.name)),
  ];
}

export function propertyState(overrides: Partial<PropertyState> = {}): PropertyState {
  const state = baseState(overrides);
  return { ...state, resources: overrides.resources ?? resourcesOf(state.document) };
}

function baseState(overrides: Partial<PropertyState>): Omit<PropertyState, "resources"> {
  return {
    revision: 7,
    updatedAt: "2026-11-21T10:00:00.000Z",
    updatedBy: "admin",
    problems: [],
    document: {
      formatVersion: 1,
      company: { orgId: "ABC@AdobeOrg" },
      property: { id: "PR1", name: "PC Marketing", settings: { domains: ["example.com"] } },
      environments: [{ id: "ENdev", name: "Development", stage: "development" }],
      extensions: [{ name: "core", settings: {} }],
      dataElements: [
        {
          id: "DE1",
          name: "page name",
          modulePath: "core/src/lib/dataElements/javascriptVariable.js",
          settings: { path: "digitalData.page.name" },
        },
      ],
      rules: [
        {
          id: "RL1",
          name: "Page View",
          events: [{ id: "EV1", modulePath: "core/src/lib/events/pageBottom.js", settings: {} }],
          conditions: [],
          actions: [
            {
              id: "AC1",
              modulePath: "core/src/lib/actions/customCode.js",
              settings: { source: "console.log(1)", language: "javascript" },
            },
          ],
        },
      ],
    },
    ...overrides,
  };
}

export const user = (role: Role) => ({
  user: { id: "u1", username: `${role}-user`, role, createdAt: "2026-01-01T00:00:00Z" },
  csrfToken: "csrf-1",
});
