import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { DS, pageView, testApp } from "../../main/testApp.ts";

const ok = { events: [pageView()] };
const json = (v: unknown) => JSON.stringify(v);
const nested = (depth: number) => {
  let v: unknown = "leaf";
  for (let i = 0; i < depth; i++) v = { n: v };
  return v;
};
const q = `configId=${DS}&requestId=bad-input-1`;

interface Problem {
  status: number;
  type: string;
  detail: string;
  field?: string;
  errors?: { path?: string; field?: string }[];
}
/** The field a problem names, in either the single-field or the `errors[]` form. */
const fieldOf = (problem: Problem) =>
  problem.errors?.[0]?.path ?? problem.errors?.[0]?.field ?? problem.field;

/** Bytes of a JSON body with raw (not escaped) bytes spliced in where `@` stands. */
const withBytes = (text: string, bytes: number[]) => {
  const [before, after] = text.split("@");
  return Buffer.concat([Buffer.from(before!), Buffer.from(bytes), Buffer.from(after!)]);
};

interface Case {
  name: string;
  status: number;
  field?: string;
  body?: string | Buffer;
  contentType?: string | null;
  path?: string;
  method?: "POST" | "GET" | "PUT";
  query?: string;
}

// Every row must be refused with its 4xx, as problem+json, and store nothing.
const cases: Case[] = [
  {
    name: "form-encoded content type",
    status: 415,
    contentType: "application/x-www-form-urlencoded",
    body: "a=1",
  },
  {
    name: "multipart content type",
    status: 415,
    contentType: "multipart/form-data; boundary=x",
    body: "--x--",
  },
  { name: "image content type", status: 415, contentType: "image/png", body: json(ok) },
  { name: "empty text body", status: 400, field: "body", body: "" },
  { name: "whitespace body", status: 400, field: "body", body: "  \n " },
  { name: "truncated JSON", status: 400, field: "body", body: '{"events":[' },
  { name: "trailing garbage", status: 400, field: "body", body: `${json(ok)}x` },
  { name: "single-quoted JSON", status: 400, field: "body", body: "{'events':[]}" },
  { name: "JSON array body", status: 400, field: "body", body: "[]" },
  { name: "JSON string body", status: 400, field: "body", body: '"hello"' },
  { name: "JSON null body", status: 400, field: "body", body: "null" },
  { name: "JSON number body", status: 400, field: "body", body: "42" },
  { name: "missing events", status: 400, field: "events", body: "{}" },
  { name: "events as object", status: 400, field: "events", body: json({ events: {} }) },
  { name: "empty events", status: 400, field: "events", body: json({ events: [] }) },
  { name: "event as number", status: 400, field: "events[0]", body: json({ events: [1] }) },
  { name: "event null", status: 400, field: "events[0]", body: json({ events: [null] }) },
  {
    name: "xdm as string",
    status: 400,
    field: "events[0].xdm",
    body: json({ events: [{ xdm: "x" }] }),
  },
  {
    name: "xdm as array",
    status: 400,
    field: "events[0].xdm",
    body: json({ events: [{ xdm: [] }] }),
  },
  {
    name: "eventType as number",
    status: 400,
    field: "events[0].xdm.eventType",
    body: json({ events: [{ xdm: { eventType: 7 } }] }),
  },
  {
    name: "timestamp as number",
    status: 400,
    field: "events[0].xdm.timestamp",
    body: json({ events: [{ xdm: { timestamp: 1 } }] }),
  },
  {
    name: "data as array",
    status: 400,
    field: "events[1].data",
    body: json({ events: [pageView(), { xdm: {}, data: [] }] }),
  },
  { name: "meta as string", status: 400, field: "meta", body: json({ ...ok, meta: "x" }) },
  {
    name: "state entries as object",
    status: 400,
    field: "meta.state.entries",
    body: json({ ...ok, meta: { state: { entries: {} } } }),
  },
  {
    name: "state entry without value",
    status: 400,
    field: "meta.state.entries[0]",
    body: json({ ...ok, meta: { state: { entries: [{ key: "k" }] } } }),
  },
  {
    name: "state domain as number",
    status: 400,
    field: "meta.state.domain",
    body: json({ ...ok, meta: { state: { domain: 1 } } }),
  },
  {
    name: "identityMap namespace not array",
    status: 400,
    field: "xdm.identityMap.ECID",
    body: json({ ...ok, xdm: { identityMap: { ECID: { id: "1" } } } }),
  },
  {
    name: "identityMap id as number",
    status: 400,
    field: "events[0].xdm.identityMap.EMAIL[0].id",
    body: json({ events: [{ xdm: { identityMap: { EMAIL: [{ id: 5 }] } } }] }),
  },
  {
    name: "deep nesting",
    status: 400,
    field: "events[0].data.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n.n",
    body: json({ events: [{ xdm: {}, data: nested(200) }] }),
  },
  {
    name: "huge string",
    status: 400,
    field: "events[0].data.s",
    body: json({ events: [{ xdm: {}, data: { s: "x".repeat(100_000) } }] }),
  },
  {
    name: "huge key",
    status: 400,
    field: "events[0].data keys",
    body: json({ events: [{ xdm: {}, data: { ["k".repeat(300)]: 1 } }] }),
  },
  {
    name: "NUL in a string",
    status: 400,
    field: "events[0].data.s",
    body: json({ events: [{ xdm: {}, data: { s: "a\u0000b" } }] }),
  },
  {
    name: "lone surrogate",
    status: 400,
    field: "events[0].data.s",
    body: '{"events":[{"xdm":{},"data":{"s":"\\ud800"}}]}',
  },
  {
    name: "lone low surrogate, escaped in capitals",
    status: 400,
    field: "events[0].data.list[1]",
    body: '{"events":[{"xdm":{},"data":{"list":["ok \\uD83D\\uDE00","\\uDFFF"]}}]}',
  },
  {
    name: "NUL in a key",
    status: 400,
    field: "events[0].data keys",
    body: '{"events":[{"xdm":{},"data":{"a\\u0000":1}}]}',
  },
  {
    name: "bytes that are not UTF-8 inside a string",
    status: 400,
    field: "body",
    body: withBytes('{"events":[{"xdm":{},"data":{"s":"a@b"}}]}', [0xff, 0xfe]),
  },
  {
    name: "a UTF-8 sequence cut short inside a string",
    status: 400,
    field: "body",
    body: withBytes('{"events":[{"xdm":{},"data":{"s":"@"}}]}', [0xe2, 0x82]),
  },
  {
    name: "an encoded surrogate (CESU-8) inside a string",
    status: 400,
    field: "body",
    body: withBytes('{"events":[{"xdm":{},"data":{"s":"@"}}]}', [0xed, 0xa0, 0x80]),
  },
  {
    name: "number too large for a double",
    status: 400,
    field: "events[0].xdm.value",
    body: '{"events":[{"xdm":{"eventType":"x","value":1e400}}]}',
  },
  {
    name: "negative number too large in an array",
    status: 400,
    field: "events[0].data.list[1]",
    body: '{"events":[{"xdm":{},"data":{"list":[1,-1e400]}}]}',
  },
  {
    name: "integer with more digits than a double holds",
    status: 400,
    field: "meta.n",
    body: `{"events":[{"xdm":{}}],"meta":{"n":1${"0".repeat(400)}}}`,
  },
  {
    name: "oversized body",
    status: 413,
    body: json({
      events: [{ xdm: {}, data: { a: Array.from({ length: 40 }, () => "y".repeat(30_000)) } }],
    }),
  },
  {
    name: "too many events",
    status: 413,
    field: "events",
    body: json({ events: Array.from({ length: 101 }, () => pageView()) }),
  },
  {
    name: "missing configId",
    status: 400,
    field: "configId",
    query: "requestId=r1",
    body: json(ok),
  },
  {
    name: "empty configId",
    status: 400,
    field: "configId",
    query: "configId=&requestId=r1",
    body: json(ok),
  },
  {
    name: "configId with markup",
    status: 400,
    field: "configId",
    query: "configId=%3Cscript%3E",
    body: json(ok),
  },
  {
    name: "configId repeated",
    status: 400,
    field: "configId",
    query: `configId=${DS}&configId=${DS}`,
    body: json(ok),
  },
  {
    name: "unknown datastream",
    status: 400,
    field: "configId",
    query: "configId=00000000-dead-beef-0000-000000000000",
    body: json(ok),
  },
  {
    name: "requestId with markup",
    status: 400,
    field: "requestId",
    query: `configId=${DS}&requestId=%3Cb%3E`,
    body: json(ok),
  },
  { name: "unknown action", status: 404, path: "v1/nothing", body: json(ok) },
  { name: "too many path segments", status: 404, path: "a/b/v1/interact", body: json(ok) },
  {
    name: "over-long location hint",
    status: 404,
    path: `${"h".repeat(300)}/v1/interact`,
    body: json(ok),
  },
  { name: "GET on interact", status: 404, method: "GET" },
  {
    name: "bad percent-encoding in query",
    status: 400,
    query: "configId=%E0%A4%A",
    body: json(ok),
  },
];

describe("bad input on the edge", () => {
  let app: LiftoffApp;
  beforeAll(async () => {
    app = testApp();
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it("has at least 30 rows", () => expect(cases.length).toBeGreaterThanOrEqual(30));

  it.each(cases)("$name → $status", async (c) => {
    const headers: Record<string, string> = { origin: "https://www.example.test" };
    if (c.contentType !== null)
      headers["content-type"] = c.contentType ?? "text/plain; charset=UTF-8";
    const res = await app.inject({
      method: c.method ?? "POST",
      url: `/ee/${c.path ?? "v1/interact"}?${c.query ?? q}`,
      headers,
      ...(c.body !== undefined && (c.method ?? "POST") === "POST" ? { payload: c.body } : {}),
    });
    expect(res.statusCode).toBe(c.status);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    const problem = res.json<Problem>();
    expect(problem.status).toBe(c.status);
    expect(problem.type).toMatch(/EXEG-\d{4}-\d{3}$/);
    expect(problem.detail.length).toBeGreaterThan(0);
    if (c.field) expect(fieldOf(problem)).toBe(c.field);
    expect(await app.store.events.count()).toBe(0);
  });

  it("still accepts a good request afterwards", async () => {
    const res = await app.inject({
      method: "POST",
      url: `/ee/v1/interact?${q}`,
      headers: { "content-type": "text/plain" },
      payload: json(ok),
    });
    expect(res.statusCode).toBe(200);
    expect(await app.store.events.count()).toBe(1);
  });

  it("accepts strings whose text only looks suspect (an escaped surrogate pair, a \\u0000 that is text)", async () => {
    const res = await app.inject({
      method: "POST",
      url: `/ee/v1/interact?configId=${DS}&requestId=escaped-1`,
      headers: { "content-type": "text/plain" },
      payload: '{"events":[{"xdm":{},"data":{"s":"\\uD83D\\uDE00","t":"\\\\u0000"}}]}',
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await app.store.events.list({ requestId: "escaped-1" });
    expect(stored?.data).toEqual({ s: "\u{1F600}", t: "\\u0000" });
  });
});
