import { afterEach, expect, it, vi } from "vitest";
import type { TraceDraft } from "./createTraceHooks.ts";
import watchEdge, { identityOf } from "./watchEdge.ts";

// watchEdge replaces window.fetch: each test puts the page's own back.
const pageFetch = Object.getOwnPropertyDescriptor(window, "fetch");
afterEach(() => {
  if (pageFetch) Object.defineProperty(window, "fetch", pageFetch);
});

const SESSION = "0123456789abcdef0123456789abcdef";
const ECID = "12345678901234567890123456789012345678";
const answer = {
  requestId: "r1",
  handle: [
    { type: "identity:result", payload: [{ id: ECID, namespace: { code: "ECID" } }] },
    { type: "consent:preferences", payload: [{ consent: { collect: { val: "y" } } }] },
  ],
};

it("records an edge request, its answer and the identity it gives", async () => {
  window.fetch = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(answer), { status: 200 })),
  );
  const records: TraceDraft[] = [];
  watchEdge((record) => records.push(record), SESSION);
  const body = { events: [{ xdm: { eventType: "web.webpagedetails.pageViews" } }] };
  const response = await fetch("https://edge.test/ee/v1/interact?configId=DS1", {
    method: "POST",
    body: JSON.stringify(body),
  });
  // The page still reads the answer itself.
  expect(await response.json()).toEqual(answer);
  await vi.waitFor(() => expect(records).toHaveLength(2));
  expect(records[0]).toMatchObject({
    type: "edge",
    url: "https://edge.test/ee/v1/interact?configId=DS1",
    request: body,
    status: 200,
    response: answer,
  });
  expect(records[1]).toEqual({ type: "identity", ecid: ECID, consent: "in" });
});

it("leaves other requests alone", async () => {
  window.fetch = vi.fn(() => Promise.resolve(new Response("ok")));
  const records: TraceDraft[] = [];
  watchEdge((record) => records.push(record), SESSION);
  await fetch("https://site.test/api/quote", { method: "POST", body: "{}" });
  // A later edge request is recorded: the first would have been recorded before it.
  await fetch("https://edge.test/ee/v1/collect", { method: "POST", body: "{}" });
  await vi.waitFor(() => expect(records.length).toBeGreaterThan(0));
  expect(records.map((r) => (r as { url?: string }).url)).toEqual([
    "https://edge.test/ee/v1/collect",
  ]);
});

it("reads consent from the request when the answer has none", () => {
  expect(identityOf({ meta: { consent: { state: "pending" } } }, { handle: [] })).toEqual({
    type: "identity",
    consent: "pending",
  });
  expect(identityOf({}, { handle: [] })).toBeUndefined();
});

it("tells the server which preview session a Web SDK request comes from", async () => {
  const asked: string[] = [];
  window.fetch = vi.fn((input: RequestInfo | URL) => {
    asked.push(input instanceof Request ? input.url : String(input));
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
  });
  const beaconed: string[] = [];
  const pageBeacon = Object.getOwnPropertyDescriptor(navigator, "sendBeacon");
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    writable: true,
    value: (url: string | URL) => beaconed.push(String(url)) > 0,
  });
  try {
    const records: TraceDraft[] = [];
    watchEdge((record) => records.push(record), SESSION);
    await fetch("https://edge.test/ee/v1/interact?configId=DS1&requestId=r1", {
      method: "POST",
      body: "{}",
    });
    await fetch(new Request("https://edge.test/ee/v1/interact?configId=DS1", { method: "POST" }));
    await fetch("https://site.test/api/quote");
    navigator.sendBeacon("https://edge.test/ee/v1/collect?configId=DS1", "{}");
    expect(asked).toEqual([
      `https://edge.test/ee/v1/interact?configId=DS1&requestId=r1&liftoff_preview=${SESSION}`,
      `https://edge.test/ee/v1/interact?configId=DS1&liftoff_preview=${SESSION}`,
      // Requests that are not the edge's go as the page made them.
      "https://site.test/api/quote",
    ]);
    expect(beaconed).toEqual([
      `https://edge.test/ee/v1/collect?configId=DS1&liftoff_preview=${SESSION}`,
    ]);
    // The records show the URL the page asked for: the parameter is the preview's own. (A
    // beacon's record waits for no answer, so it may come first.)
    await vi.waitFor(() => expect(records.filter((r) => r.type === "edge")).toHaveLength(3));
    const urls = records.filter((r) => r.type === "edge").map((r) => (r as { url: string }).url);
    expect(urls.sort()).toEqual([
      "https://edge.test/ee/v1/collect?configId=DS1",
      "https://edge.test/ee/v1/interact?configId=DS1",
      "https://edge.test/ee/v1/interact?configId=DS1&requestId=r1",
    ]);
  } finally {
    if (pageBeacon) Object.defineProperty(navigator, "sendBeacon", pageBeacon);
    else delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  }
});
