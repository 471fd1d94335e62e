import type { LibraryInfo, PropertyDocument, Role, SessionInfo } from "@liftoff/schema";
import type { Response } from "light-my-request";
import { afterAll, beforeAll } from "vitest";
import createApp, { type AppOptions, type LiftoffApp } from "./createApp.ts";
import { PostgresStore } from "../store/PostgresStore.ts";

/** Test helpers for the studio API: an app with an admin, signed-in clients per role. */
export const ADMIN_PASSWORD = "correct horse battery staple";

/** A small property that validates and builds: one data element, one rule, Core only. */
export function fixtureDocument(id = "PRfixture"): PropertyDocument {
  return {
    formatVersion: 1,
    company: { orgId: "5LIFTOFF0FIXTURE00000001@AdobeOrg", dynamicCdnEnabled: false },
    property: { id, name: "Fixture", settings: { domains: ["example.test"] } },
    environments: [
      { id: `${id}dev`, name: "Development", stage: "development" },
      { id: `${id}stage`, name: "Staging", stage: "staging" },
      { id: `${id}prod`, name: "Production", stage: "production" },
    ],
    extensions: [{ name: "core", displayName: "Core", settings: {} }],
    dataElements: [
      {
        id: "DEpagename",
        name: "page name",
        modulePath: "core/src/lib/dataElements/customCode.js",
        settings: { source: "return document.title;" },
      },
    ],
    rules: [
      {
        id: "RLpageview",
        name: "Page View",
        events: [
          { id: "RCloaded", modulePath: "core/src/lib/events/libraryLoaded.js", settings: {} },
        ],
        conditions: [],
        actions: [
          {
            id: "RClog",
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source: "window.__seen = _satellite.getVar('page name');",
              language: "javascript",
            },
          },
        ],
      },
    ],
  };
}

export function apiApp(options: AppOptions = {}): LiftoffApp {
  return createApp({
    rateLimitPerSecond: 0,
    bootstrap: true,
    ...options,
    auth: {
      adminPassword: ADMIN_PASSWORD,
      print: () => undefined,
      ...(typeof options.auth === "object" ? options.auth : {}),
    },
  });
}

/**
 * Two API nodes on one PostgreSQL schema, each with its own pool as two processes have:
 * started (one after the other, so the first migrates) before the calling describe's tests,
 * closed after them. `cluster` is useTestPostgres()'s.
 */
export function useTwoApiNodes(
  cluster: { url(): string; schema(prefix: string): string },
  prefix: string,
  options: AppOptions = {},
): { a: () => LiftoffApp; b: () => LiftoffApp } {
  const nodes: LiftoffApp[] = [];
  const stores: PostgresStore[] = [];
  beforeAll(async () => {
    const schema = cluster.schema(prefix);
    for (let i = 0; i < 2; i++) {
      const store = new PostgresStore(cluster.url(), { schema, max: 4 });
      stores.push(store);
      const app = apiApp({ ...options, store });
      await app.ready();
      nodes.push(app);
    }
  }, 60_000);
  afterAll(async () => {
    for (const app of nodes) await app.close();
    for (const store of stores) await store.close();
  });
  return { a: () => nodes[0]!, b: () => nodes[1]! };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Client {
  session: SessionInfo;
  cookie: string;
  call(
    method: Method,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
}

/** Signs in and returns a client that sends the cookie and the CSRF token. */
export async function signIn(app: LiftoffApp, username: string, password: string): Promise<Client> {
  const res = await app.inject({
    method: "POST",
    url: "/api/session",
    payload: { username, password },
  });
  if (res.statusCode !== 200)
    throw new Error(`sign-in as ${username}: ${res.statusCode} ${res.body}`);
  const cookie = String(res.headers["set-cookie"]).split(";")[0]!;
  const session = res.json<SessionInfo>();
  return {
    session,
    cookie,
    call: (method, url, body, headers = {}) => {
      const type =
        body === undefined
          ? undefined
          : typeof body === "string"
            ? "text/plain"
            : "application/json";
      return app.inject({
        method,
        url,
        headers: {
          cookie,
          "x-csrf-token": session.csrfToken,
          ...(type ? { "content-type": type } : {}),
          ...headers,
        },
        ...(body === undefined
          ? {}
          : { payload: typeof body === "string" ? body : JSON.stringify(body) }),
      });
    },
  };
}

/** A new user with `role`, signed in. */
export async function clientWith(app: LiftoffApp, admin: Client, role: Role): Promise<Client> {
  const username = `${role}-${Math.random().toString(36).slice(2, 8)}`;
  const password = `${role} password 123`;
  const res = await admin.call("POST", "/api/users", { username, password, role });
  if (res.statusCode !== 201) throw new Error(`create ${role}: ${res.statusCode} ${res.body}`);
  return signIn(app, username, password);
}

/** An app with an editor signed in and `document` (the fixture by default) imported. */
export async function editorWithProperty(
  document: PropertyDocument = fixtureDocument(),
): Promise<{ app: LiftoffApp; editor: Client }> {
  const app = apiApp();
  const admin = await signIn(app, "admin", ADMIN_PASSWORD);
  const editor = await clientWith(app, admin, "editor");
  const imported = await editor.call("POST", "/api/properties/import", document);
  if (imported.statusCode !== 201)
    throw new Error(`import: ${imported.statusCode} ${imported.body}`);
  return { app, editor };
}

/**
 * A library of every change to `propertyId`, built to its development environment
 * `environmentId`, as an editor does it in the studio; fails the test if the build fails.
 */
export async function buildAllChanged(
  editor: Client,
  propertyId: string,
  environmentId: string,
): Promise<LibraryInfo> {
  const base = `/api/properties/${propertyId}/libraries`;
  const created = await editor.call("POST", base, {
    name: "First",
    environmentId,
    addAllChanged: true,
  });
  if (created.statusCode !== 201) throw new Error(`library: ${created.statusCode} ${created.body}`);
  const built = await editor.call("POST", `${base}/${created.json<LibraryInfo>().id}/build`);
  if (built.statusCode !== 200) throw new Error(`build: ${built.statusCode} ${built.body}`);
  return built.json<LibraryInfo>();
}
