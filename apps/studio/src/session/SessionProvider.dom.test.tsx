import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../api/createApiClient.ts";
import { createStudioApi } from "../api/createStudioApi.ts";
import App from "../App.tsx";
import { user } from "../../test/fixtures.ts";
import SessionProvider from "./SessionProvider.tsx";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The whole app over a scripted server: `answers` by `METHOD /path`. */
function renderApp(answers: Record<string, () => Response>) {
  const requests: string[] = [];
  const listeners = new Set<() => void>();
  const fetcher = ((url: string, init: RequestInit) => {
    const key = `${init.method ?? "GET"} ${url.split("?")[0]}`;
    requests.push(key);
    const answer = answers[key];
    return Promise.resolve(answer ? answer() : new Response(null, { status: 404 }));
  }) as typeof fetch;
  const api = createStudioApi(
    createApiClient({ fetcher, onUnauthorized: () => listeners.forEach((l) => l()) }),
  );
  const lost = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <SessionProvider api={api} lost={lost}>
        <MemoryRouter>
          <App />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return requests;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe("SessionProvider", () => {
  it("shows the sign-in page at once on a browser that never signed in", () => {
    const requests = renderApp({});
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
    // No session probe (its 401 would be a console error); only the health check.
    expect(requests.filter((r) => r.includes("/api/"))).toEqual([]);
  });

  it("resumes a session, and returns to sign-in when a request answers 401", async () => {
    localStorage.setItem("liftoff.signedIn", "1");
    renderApp({
      "GET /api/session": () => json(user("editor")),
      "GET /api/properties": () => json({ title: "Unauthorized", status: 401 }, 401),
    });
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeTruthy();
    expect(localStorage.getItem("liftoff.signedIn")).toBeNull();
  });

  it("signs in and shows who is signed in", async () => {
    renderApp({
      "POST /api/session": () => json(user("approver")),
      "GET /api/properties": () => json([]),
    });
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "approver-user" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "pw" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("No properties yet")).toBeTruthy();
    expect(screen.getByText("(approver)")).toBeTruthy();
    expect(localStorage.getItem("liftoff.signedIn")).toBe("1");
  });
});
