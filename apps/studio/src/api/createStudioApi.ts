import type {
  AuditEntry,
  DatastreamInfo,
  ImportMode,
  ImportResult,
  EnvironmentInfo,
  ExtensionManifest,
  LibraryInfo,
  PropertyDataElement,
  PropertyDiff,
  PropertyExtension,
  PropertyRule,
  PropertyState,
  PropertySummary,
  ReportInfo,
  ReportResult,
  BreakdownDefinition,
  SavedReport,
  RevisionInfo,
  SessionInfo,
  UserInfo,
  Role,
  Company,
  PropertyDocumentSettings,
  StoredEventInfo,
  ResourceKind,
  ResourceRef,
  ResourceRevision,
  ResourceRevisionInfo,
  LibraryResourceKind,
  PreviewSession,
  PresenceItem,
  ItemSaved,
  ItemState,
  PropertyProblem,
  ResourceSummaryPage,
  SummaryQuery,
  PropertyPlatform,
  DatastreamForwarding,
  OutboundHost,
  SecretInfo,
  DeliveryInfo,
  DeliveryPage,
  DeliveryState,
  DestinationKind,
  DestinationStats,
} from "@liftoff/schema";
import type { ApiClient } from "./createApiClient.ts";

/**
 * A second import of a property already here: as a copy, or as an update of it (`revision`:
 * the property revision the person saw; `dryRun`: only say what would change).
 */
export interface ImportAgain {
  mode: ImportMode;
  revision?: number;
  dryRun?: boolean;
}

const importUrl = (again: ImportAgain | undefined) =>
  `/api/properties/import${q({
    mode: again?.mode,
    revision: again?.revision,
    dryRun: again?.dryRun ? "true" : undefined,
  })}`;

/** One event as `/api/events` and `/api/live` send it. */
export type StoredEventWire = StoredEventInfo;

export type LibraryAction = "build" | "submit" | "reject" | "approve" | "publish" | "republish";

const q = (params: Record<string, string | number | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
};
const e = encodeURIComponent;

/** New rules and components have no ids yet: leave them out and the server assigns them. */
function withoutBlankIds(rule: PropertyRule): unknown {
  const strip = (item: { id: string }) => (item.id ? item : { ...item, id: undefined });
  return {
    ...strip(rule),
    events: rule.events.map(strip),
    conditions: rule.conditions.map(strip),
    actions: rule.actions.map(strip),
  };
}

/** Typed functions for every studio API route (see the contract in @liftoff/schema api.ts). */
export function createStudioApi(client: ApiClient) {
  const prop = (pid: string) => `/api/properties/${e(pid)}`;
  return {
    client,
    session: {
      get: () => client.get<SessionInfo>("/api/session"),
      signIn: (username: string, password: string) =>
        client.request<SessionInfo>("POST", "/api/session", { username, password }),
      signOut: () => client.request<void>("DELETE", "/api/session"),
    },
    users: {
      list: () => client.get<UserInfo[]>("/api/users"),
      create: (body: { username: string; password: string; role: Role }) =>
        client.request<UserInfo>("POST", "/api/users", body),
      update: (id: string, body: { role?: Role; password?: string }) =>
        client.request<UserInfo>("PATCH", `/api/users/${e(id)}`, body),
      remove: (id: string) => client.request<void>("DELETE", `/api/users/${e(id)}`),
    },
    /** The catalogue of one platform's extensions (web by default). */
    extensions: (platform: PropertyPlatform = "web") =>
      client.get<ExtensionManifest[]>(
        `/api/extensions${platform === "web" ? "" : q({ platform })}`,
      ),
    properties: {
      list: () => client.get<PropertySummary[]>("/api/properties"),
      /** `platform` `edge`: an event forwarding property (docs/event-forwarding.md). */
      create: (body: {
        name: string;
        orgId?: string;
        domains: string[];
        platform?: PropertyPlatform;
      }) => client.request<PropertyState>("POST", "/api/properties", body),
      /**
       * A Launch container or property document (an object), or a built library's text.
       * `again`: what to do when the property is already here (ImportAgain).
       */
      import: (input: unknown, again?: ImportAgain) =>
        client.request<ImportResult>("POST", importUrl(again), input),
      /** A downloaded build folder: its files, paths relative to the folder (`/`-separated). */
      importFolder: (files: Array<{ path: string; text: string }>, again?: ImportAgain) =>
        client.request<ImportResult>("POST", importUrl(again), {
          files,
        }),
      get: (pid: string) => client.get<PropertyState>(prop(pid)),
      /** `revision`: the settings resource's revision the form started from. */
      saveSettings: (
        pid: string,
        body: {
          revision: number;
          name?: string;
          settings?: PropertyDocumentSettings;
          /** `orgId: null` removes the org id. */
          company?: Omit<Partial<Company>, "orgId"> & { orgId?: string | null };
        },
      ) => client.request<PropertyState>("PUT", `${prop(pid)}/settings`, body),
      /** `revision` undefined adds the extension; otherwise the revision the form started from. */
      saveExtension: (pid: string, revision: number | undefined, extension: PropertyExtension) =>
        client.request<PropertyState>("PUT", `${prop(pid)}/extensions/${e(extension.name)}`, {
          ...(revision !== undefined ? { revision } : {}),
          extension,
        }),
      removeExtension: (pid: string, revision: number, name: string) =>
        client.request<PropertyState>(
          "DELETE",
          `${prop(pid)}/extensions/${e(name)}${q({ revision })}`,
        ),
      /** `revision`: the data element's revision the form started from (ignored when new). */
      saveDataElement: (
        pid: string,
        revision: number,
        dataElement: PropertyDataElement,
        isNew: boolean,
      ) =>
        isNew
          ? client.request<ItemSaved>("POST", `${prop(pid)}/data-elements`, {
              // The server assigns ids to new items.
              dataElement: { ...dataElement, id: dataElement.id || undefined },
            })
          : client.request<ItemSaved>("PUT", `${prop(pid)}/data-elements/${e(dataElement.id)}`, {
              revision,
              dataElement,
            }),
      removeDataElement: (pid: string, revision: number, id: string) =>
        client.request<ItemSaved>(
          "DELETE",
          `${prop(pid)}/data-elements/${e(id)}${q({ revision })}`,
        ),
      /** `revision`: the rule's revision the form started from (ignored when new). */
      saveRule: (pid: string, revision: number, rule: PropertyRule, isNew: boolean) =>
        isNew
          ? client.request<ItemSaved>("POST", `${prop(pid)}/rules`, {
              rule: withoutBlankIds(rule),
            })
          : client.request<ItemSaved>("PUT", `${prop(pid)}/rules/${e(rule.id)}`, {
              revision,
              rule,
            }),
      removeRule: (pid: string, revision: number, id: string) =>
        client.request<ItemSaved>("DELETE", `${prop(pid)}/rules/${e(id)}${q({ revision })}`),
      /** One page of a list: rows without bodies, and how many match. */
      summaries: (pid: string, query: SummaryQuery) =>
        client.get<ResourceSummaryPage>(
          `${prop(pid)}/summaries${q({
            ...query,
            enabled: query.enabled === undefined ? undefined : String(query.enabled),
          })}`,
        ),
      /** Property-wide findings, computed once per revision on the server. */
      validation: (pid: string) => client.get<PropertyValidation>(`${prop(pid)}/validation`),
      /** One resource's history, newest first. */
      resourceRevisions: (pid: string, kind: ResourceKind, id: string) =>
        client.get<ResourceRevisionInfo[]>(`${prop(pid)}/resources/${e(kind)}/${e(id)}/revisions`),
      resourceRevision: (pid: string, kind: ResourceKind, id: string, n: number) =>
        client.get<ResourceRevision>(`${prop(pid)}/resources/${e(kind)}/${e(id)}/revisions/${n}`),
      /** Saves revision `from` again as the newest; without `from`, undoes a delete. */
      restore: (pid: string, kind: ResourceKind, id: string, revision: number, from?: number) =>
        client.request<PropertyState>(
          "POST",
          `${prop(pid)}/resources/${e(kind)}/${e(id)}/restore`,
          { revision, ...(from !== undefined ? { from } : {}) },
        ),
      /** "Copy of …": the answer's `saved` names the copy. */
      copy: (pid: string, kind: "rule" | "dataElement", id: string) =>
        client.request<PropertyState>("POST", `${prop(pid)}/resources/${e(kind)}/${e(id)}/copy`),
      bulk: (
        pid: string,
        action: "enable" | "disable" | "delete" | "restore",
        items: Array<ResourceRef & { revision: number }>,
      ) => client.request<PropertyState>("POST", `${prop(pid)}/bulk`, { action, items }),
      /** Says which item this tab has open (null: none); renewed while it stays open. */
      presence: (pid: string, tab: string, item: PresenceItem | null) =>
        client.request<void>("PUT", `${prop(pid)}/presence`, { tab, item }),
      revisions: (pid: string) => client.get<RevisionInfo[]>(`${prop(pid)}/revisions`),
      revision: (pid: string, n: number) =>
        client.get<PropertyState>(`${prop(pid)}/revisions/${n}`),
      diff: (pid: string, from: number, to: number) =>
        client.get<PropertyDiff>(`${prop(pid)}/diff${q({ from, to })}`),
      environments: (pid: string) => client.get<EnvironmentInfo[]>(`${prop(pid)}/environments`),
      addEnvironment: (pid: string, name: string) =>
        client.request<EnvironmentInfo>("POST", `${prop(pid)}/environments`, { name }),
      /** `revision`: the environment resource's revision. */
      removeEnvironment: (pid: string, revision: number, id: string) =>
        client.request<void>("DELETE", `${prop(pid)}/environments/${e(id)}${q({ revision })}`),
    },
    items: {
      /** One rule or data element as an editor opens it, with its own findings. */
      get: (pid: string, kind: "rule" | "dataElement", id: string) =>
        client.get<ItemState>(`${prop(pid)}/items/${e(kind)}/${e(id)}`),
    },
    datastreams: {
      list: () =>
        client
          .get<{ datastreams: DatastreamInfo[] }>("/api/datastreams")
          .then((r) => r.datastreams),
      setAllowedOrigins: (id: string, allowedOrigins: string[]) =>
        client.request<DatastreamInfo>("PUT", `/api/datastreams/${e(id)}/allowed-origins`, {
          allowedOrigins,
        }),
      /** Links the datastream to an edge property's environment; `null` unlinks it. */
      setForwarding: (id: string, forwarding: DatastreamForwarding | null) =>
        client.request<DatastreamInfo>(
          "PUT",
          `/api/datastreams/${e(id)}/forwarding`,
          forwarding ?? { propertyId: null },
        ),
    },
    /** An edge property's outbound hosts, secrets and deliveries (docs/event-forwarding.md). */
    forwarding: {
      hosts: (pid: string) =>
        client.get<{ hosts: OutboundHost[] }>(`${prop(pid)}/forwarding/hosts`).then((r) => r.hosts),
      setHosts: (pid: string, hosts: OutboundHost[]) =>
        client
          .request<{ hosts: OutboundHost[] }>("PUT", `${prop(pid)}/forwarding/hosts`, { hosts })
          .then((r) => r.hosts),
      /**
       * Names and who set them: the API never answers a secret's value. `sealing` `off`: the
       * server has no key ring, and refuses to set one (docs/event-forwarding.md, Secrets).
       */
      secrets: (pid: string) =>
        client.get<{ secrets: SecretInfo[]; sealing?: "on" | "off" }>(
          `${prop(pid)}/forwarding/secrets`,
        ),
      setSecret: (pid: string, environmentId: string, name: string, value: string) =>
        client.request<SecretInfo>(
          "PUT",
          `${prop(pid)}/forwarding/secrets/${e(environmentId)}/${e(name)}`,
          { value },
        ),
      removeSecret: (pid: string, environmentId: string, name: string) =>
        client.request<void>(
          "DELETE",
          `${prop(pid)}/forwarding/secrets/${e(environmentId)}/${e(name)}`,
        ),
      /** Newest first; `before`: the previous page's `next`. */
      deliveries: (
        pid: string,
        params: {
          /** `failing`: pending after at least one attempt (waiting for a retry). */
          state?: DeliveryState | "failing";
          destination?: DestinationKind;
          limit?: number;
          before?: string;
        },
      ) => client.get<DeliveryPage>(`${prop(pid)}/deliveries${q(params)}`),
      delivery: (pid: string, id: string) =>
        client.get<DeliveryInfo>(`${prop(pid)}/deliveries/${e(id)}`),
      replay: (pid: string, id: string) =>
        client.request<DeliveryInfo>("POST", `${prop(pid)}/deliveries/${e(id)}/replay`),
      stats: (pid: string, since?: string) =>
        client
          .get<{ destinations: DestinationStats[] }>(`${prop(pid)}/deliveries/stats${q({ since })}`)
          .then((r) => r.destinations),
    },
    libraries: {
      list: (pid: string) => client.get<LibraryInfo[]>(`${prop(pid)}/libraries`),
      get: (pid: string, lid: string) =>
        client.get<LibraryInfo>(`${prop(pid)}/libraries/${e(lid)}`),
      create: (
        pid: string,
        body: {
          name: string;
          environmentId?: string;
          resources?: Array<{ kind: LibraryResourceKind; id: string }>;
          addAllChanged?: boolean;
        },
      ) => client.request<LibraryInfo>("POST", `${prop(pid)}/libraries`, body),
      /** `environmentId: null` unassigns the development environment. */
      update: (pid: string, lid: string, body: { name?: string; environmentId?: string | null }) =>
        client.request<LibraryInfo>("PATCH", `${prop(pid)}/libraries/${e(lid)}`, body),
      remove: (pid: string, lid: string) =>
        client.request<void>("DELETE", `${prop(pid)}/libraries/${e(lid)}`),
      addResources: (
        pid: string,
        lid: string,
        body: {
          resources?: Array<{ kind: LibraryResourceKind; id: string }>;
          addAllChanged?: boolean;
        },
      ) => client.request<LibraryInfo>("POST", `${prop(pid)}/libraries/${e(lid)}/resources`, body),
      removeResource: (pid: string, lid: string, kind: LibraryResourceKind, id: string) =>
        client.request<LibraryInfo>(
          "DELETE",
          `${prop(pid)}/libraries/${e(lid)}/resources/${e(kind)}/${e(id)}`,
        ),
      act: (pid: string, lid: string, action: LibraryAction) =>
        client.request<LibraryInfo>("POST", `${prop(pid)}/libraries/${e(lid)}/${action}`),
    },
    previews: {
      /** The caller's own sessions on the property, active and ended. */
      list: (pid: string) => client.get<PreviewSession[]>(`${prop(pid)}/previews`),
      /** Without `libraryId`: the property's working state. */
      start: (pid: string, body: { libraryId?: string; url: string }) =>
        client.request<PreviewSession>("POST", `${prop(pid)}/previews`, body),
      get: (id: string) => client.get<PreviewSession>(`/api/previews/${e(id)}`),
      end: (id: string) => client.request<PreviewSession>("DELETE", `/api/previews/${e(id)}`),
      /** Server-Sent Events: `session` and `traces` (see PreviewStreamEvent). */
      streamUrl: (id: string) => `/api/previews/${e(id)}/stream`,
    },
    audit: (params: { propertyId?: string; limit?: number; before?: string | number }) =>
      client.get<AuditEntry[]>(`/api/audit${q(params)}`),
    /** Stored events, newest first; `before` is the last id of the previous page. */
    events: async (params: {
      propertyId?: string;
      environmentId?: string;
      ecid?: string;
      eventType?: string;
      /** Text the page URL contains. */
      url?: string;
      from?: string;
      to?: string;
      before?: number;
      limit?: number;
    }) => {
      const body = await client.get<{ events: StoredEventWire[] }>(`/api/events${q(params)}`);
      return body.events;
    },
    report: (
      name: string,
      params: {
        propertyId?: string;
        environmentId?: string;
        from?: string;
        to?: string;
        /** `breakdown` only: field paths, measure and event type (docs/server.md). */
        field?: string;
        by?: string;
        measure?: string;
        eventType?: string;
      },
    ) => client.get<ReportResult>(`/api/reports/${e(name)}${q(params)}`),
    /** The built-in reports, and with `propertyId` that property's own (group `property`). */
    reportCatalog: (propertyId?: string) =>
      client.get<{ catalog: ReportInfo[] }>(`/api/reports${q({ propertyId })}`),
    /** Breakdowns saved per property (docs/studio.md, Saved reports). */
    savedReports: {
      list: (pid: string) => client.get<SavedReport[]>(`${prop(pid)}/saved-reports`),
      get: (pid: string, id: string) =>
        client.get<SavedReport>(`${prop(pid)}/saved-reports/${e(id)}`),
      create: (pid: string, body: { name: string; definition: BreakdownDefinition }) =>
        client.request<SavedReport>("POST", `${prop(pid)}/saved-reports`, body),
      update: (
        pid: string,
        id: string,
        body: { name?: string; definition?: BreakdownDefinition },
      ) => client.request<SavedReport>("PUT", `${prop(pid)}/saved-reports/${e(id)}`, body),
      remove: (pid: string, id: string) =>
        client.request<void>("DELETE", `${prop(pid)}/saved-reports/${e(id)}`),
    },
  };
}

export type StudioApi = ReturnType<typeof createStudioApi>;

/** The property-wide findings of one revision (`GET /api/properties/:pid/validation`). */
export interface PropertyValidation {
  revision: number;
  problems: PropertyProblem[];
  disabledProblems: PropertyProblem[];
  warnings: PropertyProblem[];
}
