import { apiErrorFrom } from "./ApiError.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiClientOptions {
  /** Prefix of every path; the studio runs on the server's origin, so `""` by default. */
  base?: string;
  fetcher?: typeof fetch;
  /** Called on every 401, so the app can drop the session and show the sign-in page. */
  onUnauthorized?: () => void;
}

export interface ApiClient {
  request<T>(method: Method, path: string, body?: unknown): Promise<T>;
  get<T>(path: string): Promise<T>;
  /** The CSRF token of the current session, sent as `x-csrf-token` on every non-GET. */
  setCsrfToken: (token: string | undefined) => void;
}

/**
 * The one place the studio talks HTTP: sends the session cookie, the CSRF header on
 * changes, JSON bodies, and turns every non-2xx into an ApiError (problem+json aware).
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const base = options.base ?? "";
  const fetcher = options.fetcher ?? ((input, init) => fetch(input, init));
  let csrfToken: string | undefined;

  async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (method !== "GET" && csrfToken) headers["x-csrf-token"] = csrfToken;
    const response = await fetcher(base + path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      const error = await apiErrorFrom(response);
      // Signing in with a wrong password is a 401 too, but that is not a lost session.
      if (response.status === 401 && path !== "/api/session") options.onUnauthorized?.();
      throw error;
    }
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    request,
    get: <T>(path: string) => request<T>("GET", path),
    setCsrfToken(token) {
      csrfToken = token;
    },
  };
}
