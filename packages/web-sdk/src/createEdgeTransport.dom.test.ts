// @vitest-environment-options {"url": "https://www.example.test/page.html"}
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import createEdgeTransport, { type TransportDeps } from "./createEdgeTransport.ts";
import createLogger from "./createLogger.ts";
import validateConfig from "./validateConfig.ts";

const PREFIX = "kndctr_ORG_AdobeOrg_";
const ok = (handle: unknown[] = []) => new Response(JSON.stringify({ handle }), { status: 200 });

function setup(
  responses: Array<() => Response | Promise<Response>>,
  extra: Partial<TransportDeps> = {},
) {
  const urls: string[] = [];
  const bodies: any[] = [];
  window.fetch = vi.fn((url: string, init: RequestInit) => {
    urls.push(url);
    bodies.push(JSON.parse(init.body as string));
    const next = responses.shift();
    return next ? Promise.resolve(next()) : Promise.resolve(ok());
  }) as unknown as typeof fetch;
  const config = validateConfig(
    { datastreamId: "ds", orgId: "ORG@AdobeOrg", edgeDomain: "edge.example.test" },
    () => undefined,
  );
  const send = createEdgeTransport({
    config,
    logger: createLogger("t"),
    apexDomain: "example.test",
    cookiePrefix: PREFIX,
    identityCookie: `${PREFIX}identity`,
    addKnownIdentity: () => Promise.resolve(),
    onResponse: () => undefined,
    afterRequest: () => undefined,
    random: () => 0.5,
    ...extra,
  });
  return { send, urls, bodies };
}

beforeEach(() => {
  for (const c of document.cookie.split(/;\s*/)) {
    const name = c.split("=")[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
});
afterEach(() => vi.useRealTimers());

describe("createEdgeTransport", () => {
  it("retries 503 twice with backoff 1000 then 2000 ms, then succeeds", async () => {
    vi.useFakeTimers();
    const { send, urls } = setup([
      () => new Response("", { status: 503 }),
      () => new Response("", { status: 503 }),
    ]);
    const done = send("interact", {});
    await vi.advanceTimersByTimeAsync(999);
    expect(urls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(urls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(urls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(urls).toHaveLength(3);
    await expect(done).resolves.toMatchObject({ status: 200 });
  });

  it("honours Retry-After and gives up after 3 retries with the last status", async () => {
    vi.useFakeTimers();
    const busy = () => new Response("", { status: 429, headers: { "Retry-After": "2" } });
    const { send, urls } = setup([busy, busy, busy, busy]);
    const done = send("interact", {});
    const outcome = done.catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(1999);
    expect(urls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4001);
    expect(urls).toHaveLength(4);
    expect(await outcome).toBe("The server responded with a status code 429 and no response body.");
  });

  it("does not retry other statuses", async () => {
    const { send, urls } = setup([() => new Response("oops", { status: 500 })]);
    await expect(send("interact", {})).rejects.toThrow("status code 500 and response body:\noops");
    expect(urls).toHaveLength(1);
  });

  it("rejects a 200 without a handle array and accepts a bare 204", async () => {
    const { send } = setup([
      () => new Response(JSON.stringify({ requestId: "x" }), { status: 200 }),
      () => new Response(null, { status: 204 }),
    ]);
    await expect(send("interact", {})).rejects.toThrow("status code 200 and response body:");
    await expect(send("interact", {})).resolves.toMatchObject({ status: 204 });
  });

  it("sends one request at a time until the identity cookie exists, then releases all", async () => {
    let answer!: (r: Response) => void;
    const { send, urls } = setup([() => new Promise<Response>((resolve) => (answer = resolve))]);
    const first = send("interact", { n: 1 });
    const second = send("interact", { n: 2 });
    const third = send("interact", { n: 3 });
    // The first request is the sentinel: it leaves a microtask after the calls, while the
    // other two decided in their calls whether to wait; had they not, they would leave in
    // the same run of microtasks, before vi.waitFor's first retry.
    await vi.waitFor(() => expect(urls.length).toBeGreaterThan(0));
    expect(urls).toHaveLength(1);
    document.cookie = `${PREFIX}identity=abc; path=/`;
    answer(ok());
    await Promise.all([first, second, third]);
    expect(urls).toHaveLength(3);
  });

  it("lets queued requests go one by one when the edge sets no cookie", async () => {
    const { send, urls } = setup([]);
    await Promise.all([send("interact", {}), send("interact", {}), send("interact", {})]);
    expect(urls).toHaveLength(3);
  });

  it("adds the location hint from the cluster cookie and the configured origin", async () => {
    document.cookie = `${PREFIX}cluster=or2; path=/`;
    const { send, urls, bodies } = setup([]);
    await send("interact", { events: [] }, { configId: "other" });
    expect(urls[0]).toMatch(
      /^https:\/\/edge\.example\.test\/ee\/or2\/v1\/interact\?configId=other&requestId=/,
    );
    expect(bodies[0].meta.state).toEqual({ domain: "example.test", cookiesEnabled: true });
  });

  it("beacons to collect on unload once the identity exists, else uses interact", async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
    const { send, urls } = setup([]);
    await send("interact", {}, { beacon: true });
    expect(urls[0]).toContain("/v1/interact?");
    document.cookie = `${PREFIX}identity=abc; path=/`;
    await expect(send("interact", {}, { beacon: true })).resolves.toMatchObject({ status: 204 });
    expect(beacon).toHaveBeenCalledTimes(1);
    expect((beacon.mock.calls[0] as unknown[])[0]).toMatch(
      /\/ee\/v1\/collect\?configId=ds&requestId=/,
    );
    expect(urls).toHaveLength(1);
  });
});
