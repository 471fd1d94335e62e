import type { ExtensionManifest, PropertyState, Role } from "@liftoff/schema";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createApiClient } from "../src/api/createApiClient.ts";
import { createStudioApi } from "../src/api/createStudioApi.ts";
import ConfirmProvider from "../src/confirm/ConfirmProvider.tsx";
import { catalogKey } from "../src/extensions/useCatalog.ts";
import { propertyKey } from "../src/properties/useProperty.ts";
import { SessionContext, type Session } from "../src/session/SessionContext.tsx";
import { catalog, user } from "./fixtures.ts";

export interface Call {
  method: string;
  path: string;
  body: unknown;
  csrf: string | null;
  /** The query string (`mode=copy`), without the `?`; empty when there is none. */
  query: string;
}

/**
 * Answers by `METHOD /path` (without the query, which the handler gets as `query`); unknown
 * routes answer 404 problem+json.
 */
export type Routes = Record<
  string,
  (body: unknown, query?: URLSearchParams) => { status?: number; body?: unknown }
>;

/**
 * Renders a studio page with the real API client over a scripted fetch, a session of the
 * given role, and the property already loaded (as PropertyLayout would have done).
 */
export function renderStudio(
  element: ReactElement,
  options: {
    role: Role;
    path: string;
    pattern: string;
    state: PropertyState;
    routes?: Routes;
    /** The extension catalogue the server serves (default: the small web one of the fixtures). */
    catalog?: ExtensionManifest[];
  },
) {
  const calls: Call[] = [];
  /** Presence announcements (an open editor's, renewed in the background): apart from `calls`. */
  const presence: Array<{ path: string; body: unknown }> = [];
  const fetcher = ((url: string, init: RequestInit) => {
    const method = init.method ?? "GET";
    const [path = "", query = ""] = url.split("?");
    const body = typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    if (method === "PUT" && path.endsWith("/presence")) {
      presence.push({ path, body });
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    calls.push({ method, path, body, csrf: new Headers(init.headers).get("x-csrf-token"), query });
    const handler = options.routes?.[`${method} ${path}`];
    const answer = handler
      ? handler(body, new URLSearchParams(query))
      : { status: 404, body: { type: "about:blank", title: "Not Found", status: 404 } };
    return Promise.resolve(
      new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
      }),
    );
  }) as typeof fetch;
  const api = createStudioApi(createApiClient({ fetcher }));
  const info = user(options.role);
  api.client.setCsrfToken(info.csrfToken);
  const session: Session = {
    api,
    session: info,
    signIn: () => Promise.resolve(),
    signOut: () => Promise.resolve(),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(propertyKey(options.state.document.property.id), options.state);
  // Both platforms' catalogues (useCatalog keeps the manifests of the property's own).
  queryClient.setQueryData(catalogKey("web"), options.catalog ?? catalog);
  queryClient.setQueryData(catalogKey("edge"), options.catalog ?? catalog);
  // A data router like the studio's own (main.tsx), so editors' navigation guards work.
  const router = createMemoryRouter(
    [
      { path: options.pattern, element },
      { path: "*", element: <p>Another page</p> },
    ],
    { initialEntries: [options.path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, calls, presence, queryClient, router };
}
