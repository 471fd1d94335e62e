import { describe, expect, it } from "vitest";
import { ApiError } from "./ApiError.ts";
import { createApiClient } from "./createApiClient.ts";

interface Seen {
  url: string;
  init: RequestInit;
}

function recorder(response: () => Response) {
  const seen: Seen[] = [];
  const fetcher = ((url: string, init: RequestInit) => {
    seen.push({ url, init });
    return Promise.resolve(response());
  }) as typeof fetch;
  return { seen, fetcher };
}

const json = (body: unknown, status = 200, type = "application/json") =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": type } });

describe("createApiClient", () => {
  it("sends the CSRF token on changes only, with a JSON body and the session cookie", async () => {
    const { seen, fetcher } = recorder(() => json({ ok: true }));
    const client = createApiClient({ fetcher });
    client.setCsrfToken("tok-1");
    await client.get("/api/properties");
    await client.request("PUT", "/api/properties/p1/settings", { revision: 3 });
    const [get, put] = seen;
    expect(new Headers(get!.init.headers).get("x-csrf-token")).toBeNull();
    expect(get!.init.credentials).toBe("same-origin");
    expect(put!.init.method).toBe("PUT");
    expect(new Headers(put!.init.headers).get("x-csrf-token")).toBe("tok-1");
    expect(new Headers(put!.init.headers).get("content-type")).toBe("application/json");
    expect(put!.init.body).toBe('{"revision":3}');
  });

  it("turns problem+json into an ApiError with its field paths", async () => {
    const problem = {
      type: "urn:liftoff:errors:invalid-body",
      title: "Invalid request body",
      status: 400,
      detail: "2 problems",
      requestId: "5d0c7a2e-0000-4000-8000-000000000001",
      errors: [
        { path: "rule.name", message: "must not be empty" },
        { path: "rule.actions[0].settings.source", message: "must be a string" },
      ],
    };
    const { fetcher } = recorder(() => json(problem, 400, "application/problem+json"));
    const error = await createApiClient({ fetcher })
      .request("POST", "/api/properties/p1/rules", {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe("Invalid request body: 2 problems");
    expect(apiError.fieldErrors.map((f) => f.path)).toEqual([
      "rule.name",
      "rule.actions[0].settings.source",
    ]);
    expect(apiError.requestId).toBe("5d0c7a2e-0000-4000-8000-000000000001");
  });

  it("marks a 409 as a conflict and keeps the other version", async () => {
    const conflict = {
      resource: { kind: "rule", id: "r1", name: "Page View" },
      yourRevision: 11,
      currentRevision: 12,
      changedBy: "sam",
      changedAt: "2026-11-24T10:00:00.000Z",
      current: { id: "r1", name: "Page View" },
    };
    const { fetcher } = recorder(() =>
      json({ type: "urn:x", title: "Conflict", status: 409, conflict }, 409),
    );
    const error = (await createApiClient({ fetcher })
      .request("PUT", "/api/properties/p1/rules/r1", {})
      .catch((e: unknown) => e)) as ApiError;
    expect(error.isConflict).toBe(true);
    expect(error.problem.conflict).toEqual(conflict);
  });

  it("reports a lost session on 401, but not a failed sign-in", async () => {
    let lost = 0;
    const { fetcher } = recorder(() => json({ title: "Unauthorized", status: 401 }, 401));
    const client = createApiClient({ fetcher, onUnauthorized: () => lost++ });
    await client.get("/api/properties").catch(() => undefined);
    expect(lost).toBe(1);
    await client
      .request("POST", "/api/session", { username: "a", password: "b" })
      .catch(() => undefined);
    expect(lost).toBe(1);
  });

  it("gives undefined for 204 and a status-based error for a non-JSON failure", async () => {
    const noContent = recorder(() => new Response(null, { status: 204 }));
    expect(
      await createApiClient({ fetcher: noContent.fetcher }).request("DELETE", "/api/session"),
    ).toBe(undefined);
    const gateway = recorder(
      () => new Response("Bad Gateway", { status: 502, statusText: "Bad Gateway" }),
    );
    const error = (await createApiClient({ fetcher: gateway.fetcher })
      .get("/api/properties")
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.fieldErrors).toEqual([]);
  });
});
