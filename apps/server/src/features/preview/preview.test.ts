import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as realBuilder from "@liftoff/builder";
import {
  PREVIEW_MAX_MS,
  type AuditEntry,
  type LibraryInfo,
  type PreviewSession,
  type PreviewTrace,
  type PropertyDocument,
  type PropertyState,
} from "@liftoff/schema";
import type { Response } from "light-my-request";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BuilderApi } from "../authoring/BuilderApi.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  clientWith,
  fixtureDocument,
  signIn,
  type Client,
} from "../../main/testSupport.ts";
import type { LiftoffApp } from "../../main/createApp.ts";
import { MAX_JSON_DEPTH } from "../../http/parseStrictJson.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";
import type { PreviewLimits } from "./PreviewSessions.ts";
import { trace, watch } from "./previewTestSupport.ts";

const P = "/api/properties/PRfixture";
const PAGE = "https://example.test/quote/auto?step=1&ref=a%20b#form";

let app: LiftoffApp;
let admin: Client;
let editor: Client;
let viewer: Client;
let now: number;
/** The preview builds the builder was asked for. */
let previewCalls: Array<{
  document: PropertyDocument;
  options: Parameters<BuilderApi["buildLibrary"]>[1];
}>;
/** When set, preview builds fail with this message. */
let failPreview: string | undefined;

/** The real builder for published builds; preview builds answer code naming the rules they got. */
const builder: Partial<BuilderApi> = {
  ...(realBuilder as unknown as BuilderApi),
  buildLibrary: (document, options) => {
    if (!options.preview) return realBuilder.buildLibrary(document, options);
    previewCalls.push({ document, options });
    if (failPreview) return Promise.reject(new Error(failPreview));
    const code = `window.__preview = ${JSON.stringify({
      session: options.preview.sessionId,
      rules: document.rules.map((r) => r.name),
    })};`;
    return Promise.resolve({ code, bytes: code.length, gzipBytes: code.length, durationMs: 1 });
  },
};

async function start(limits: Partial<PreviewLimits> = {}) {
  now = Date.parse("2026-03-01T10:00:00Z");
  previewCalls = [];
  failPreview = undefined;
  app = apiApp({ builder, preview: { now: () => now, limits } });
  admin = await signIn(app, "admin", ADMIN_PASSWORD);
  editor = await clientWith(app, admin, "editor");
  viewer = await clientWith(app, admin, "viewer");
  expect((await editor.call("POST", "/api/properties/import", fixtureDocument())).statusCode).toBe(
    201,
  );
}

beforeEach(() => start());
afterEach(() => app.close());

const ok = <T>(res: Response, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};

const startPreview = async (body: Record<string, unknown> = { url: PAGE }, who = editor) =>
  ok<PreviewSession>(await who.call("POST", `${P}/previews`, body), 201);

const problem = (res: Response) =>
  res.json<{ type: string; status: number; errors: Array<{ path: string }> }>();

/** A library of every changed resource, built, submitted, approved and published. */
async function publishEverything(): Promise<void> {
  const approver = await clientWith(app, admin, "approver");
  const created = ok<LibraryInfo>(
    await editor.call("POST", `${P}/libraries`, {
      name: "Release",
      environmentId: "PRfixturedev",
      addAllChanged: true,
    }),
    201,
  );
  for (const [client, step] of [
    [editor, "build"],
    [editor, "submit"],
    [approver, "approve"],
    [approver, "publish"],
  ] as const)
    ok(await client.call("POST", `${P}/libraries/${created.id}/${step}`));
}

/** Renames the fixture's rule (a saved change: a new property revision). */
async function renameRule(name: string): Promise<PropertyState> {
  const state = ok<PropertyState>(await editor.call("GET", P));
  const rule = state.document.rules.find((r) => r.id === "RLpageview")!;
  const revision = state.resources.find((r) => r.kind === "rule" && r.id === rule.id)!.revision;
  return ok<PropertyState>(
    await editor.call("PUT", `${P}/rules/${rule.id}`, { revision, rule: { ...rule, name } }),
  );
}

const report = (id: string, body: string, type = "text/plain;charset=UTF-8") =>
  app.inject({
    method: "POST",
    url: `/preview/${id}/trace`,
    headers: { "content-type": type },
    payload: body,
  });

const script = (id: string, env = "PRfixtureprod", pid = "PRfixture") =>
  app.inject({ url: `/libs/${pid}/${env}/preview-${id}.js` });

describe("preview sessions", () => {
  it("an editor starts one; it lists only for them; a viewer reads it but cannot start or end it", async () => {
    const refused = await viewer.call("POST", `${P}/previews`, { url: PAGE });
    expect(refused.statusCode).toBe(403);
    expect(problem(refused).type).toBe("urn:liftoff:errors:api:forbidden");

    const session = await startPreview();
    expect(session.id).toMatch(/^[0-9a-f]{32}$/);
    expect(session).toMatchObject({
      propertyId: "PRfixture",
      label: "Working state",
      environmentId: "PRfixturedev",
      createdBy: editor.session.user.username,
      createdAt: "2026-03-01T10:00:00.000Z",
      expiresAt: new Date(now + PREVIEW_MAX_MS).toISOString(),
    });
    expect(session.libraryId).toBeUndefined();
    expect(session.endedAt).toBeUndefined();
    // The other parameters and the hash stay as written.
    expect(session.link).toBe(
      `https://example.test/quote/auto?step=1&ref=a%20b&liftoff_preview=${session.id}#form`,
    );

    expect(ok(await viewer.call("GET", `/api/previews/${session.id}`))).toEqual(session);
    expect(ok(await editor.call("GET", `${P}/previews`))).toEqual([session]);
    expect(ok(await viewer.call("GET", `${P}/previews`))).toEqual([]);
    expect(ok(await admin.call("GET", `${P}/previews`))).toEqual([]);

    const viewerEnd = await viewer.call("DELETE", `/api/previews/${session.id}`);
    expect(viewerEnd.statusCode).toBe(403);
    now += 1000;
    const ended = ok<PreviewSession>(await editor.call("DELETE", `/api/previews/${session.id}`));
    expect(ended.endedAt).toBe("2026-03-01T10:00:01.000Z");
    // Ending twice answers the ended session; only the first end is audited.
    expect(ok(await editor.call("DELETE", `/api/previews/${session.id}`))).toEqual(ended);

    now += 1000;
    const second = await startPreview({ url: "https://example.test/" });
    expect(second.link).toBe(`https://example.test/?liftoff_preview=${second.id}`);
    expect(
      ok<PreviewSession[]>(await editor.call("GET", `${P}/previews`)).map((s) => s.id),
    ).toEqual([second.id, session.id]);

    const audit = ok<AuditEntry[]>(await admin.call("GET", "/api/audit?propertyId=PRfixture"))
      .filter((e) => e.action.startsWith("preview."))
      .map((e) => `${e.action} ${e.target ?? ""} ${e.user}`);
    const user = editor.session.user.username;
    expect(audit.sort()).toEqual(
      [
        `preview.end ${session.id} ${user}`,
        `preview.start ${session.id} ${user}`,
        `preview.start ${second.id} ${user}`,
      ].sort(),
    );
  });

  it("previews a development library with its name and environment; refuses bad input naming the field", async () => {
    const library = ok<LibraryInfo>(
      await editor.call("POST", `${P}/libraries`, {
        name: "Quote rules",
        environmentId: "PRfixturedev",
        addAllChanged: true,
      }),
      201,
    );
    const session = await startPreview({ libraryId: library.id, url: PAGE });
    expect(session).toMatchObject({
      libraryId: library.id,
      label: "Quote rules",
      environmentId: "PRfixturedev",
    });

    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{}, 400, "url"],
      [{ url: "" }, 400, "url"],
      [{ url: 5 }, 400, "url"],
      [{ url: "/quote/auto" }, 400, "url"],
      [{ url: "ftp://example.test/" }, 400, "url"],
      [{ url: "javascript:alert(1)" }, 400, "url"],
      [{ url: "https://user:pw@example.test/" }, 400, "url"],
      [{ url: PAGE, libraryId: "" }, 400, "libraryId"],
      [{ url: PAGE, libraryId: 7 }, 400, "libraryId"],
    ];
    for (const [body, status, field] of cases) {
      const res = await editor.call("POST", `${P}/previews`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(
        problem(res).errors.map((e) => e.path),
        JSON.stringify(body),
      ).toEqual([field]);
    }
    const unknownLibrary = await editor.call("POST", `${P}/previews`, {
      url: PAGE,
      libraryId: "LBnone",
    });
    expect(unknownLibrary.statusCode).toBe(404);
    const unknownProperty = await editor.call("POST", "/api/properties/PRnone/previews", {
      url: PAGE,
    });
    expect(unknownProperty.statusCode).toBe(404);

    // A submitted library is no longer in development: 409.
    ok(await editor.call("POST", `${P}/libraries/${library.id}/build`));
    ok(await editor.call("POST", `${P}/libraries/${library.id}/submit`));
    const submitted = await editor.call("POST", `${P}/previews`, {
      url: PAGE,
      libraryId: library.id,
    });
    expect(submitted.statusCode).toBe(409);
    expect(problem(submitted).type).toBe("urn:liftoff:errors:api:library-state");

    for (const id of ["x", "0".repeat(32), session.id.toUpperCase()]) {
      const res = await viewer.call("GET", `/api/previews/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(problem(res).type).toBe("urn:liftoff:errors:preview:unknown-session");
    }
  });

  it("caps active sessions per person and per property; ending one makes room", async () => {
    await app.close();
    await start({ perUser: 2, perProperty: 3 });
    const first = await startPreview();
    await startPreview();
    const overUser = await editor.call("POST", `${P}/previews`, { url: PAGE });
    expect(overUser.statusCode).toBe(429);
    expect(problem(overUser).type).toBe("urn:liftoff:errors:preview:too-many-sessions");
    expect(overUser.body).toContain("limit per person");

    const other = await clientWith(app, admin, "editor");
    await startPreview({ url: PAGE }, other);
    const overProperty = await other.call("POST", `${P}/previews`, { url: PAGE });
    expect(overProperty.statusCode).toBe(429);
    expect(overProperty.body).toContain("Property PRfixture has 3 active preview sessions");

    ok(await editor.call("DELETE", `/api/previews/${first.id}`));
    await startPreview({ url: PAGE }, other);
  });

  it("the audit log names session ids and sign-in addresses to admins only", async () => {
    const session = await startPreview();
    ok(await editor.call("DELETE", `/api/previews/${session.id}`));
    const failed = await app.inject({
      method: "POST",
      url: "/api/session",
      payload: { username: "nobody", password: "not a password at all" },
    });
    expect(failed.statusCode).toBe(401);

    const read = async (who: Client) => {
      const res = await who.call("GET", "/api/audit?limit=1000");
      return { text: res.body, entries: ok<AuditEntry[]>(res) };
    };
    const wanted = ["preview.start", "preview.end", "session.create", "session.fail"];
    const full = await read(admin);
    const shown = (entries: AuditEntry[]) =>
      entries
        .filter((e) => wanted.includes(e.action))
        .map((e) => ({ action: e.action, target: e.target, detail: e.detail }));
    expect(shown(full.entries)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "preview.start", target: session.id }),
        expect.objectContaining({ action: "preview.end", target: session.id }),
        expect.objectContaining({ action: "session.create", detail: { ip: "127.0.0.1" } }),
        expect.objectContaining({ action: "session.fail", detail: { ip: "127.0.0.1" } }),
      ]),
    );

    // Every other role reads the same entries without the session ids and the addresses: a
    // session id is the capability to watch it, an address is personal data.
    for (const who of [viewer, editor]) {
      const { text, entries } = await read(who);
      expect(text).not.toContain(session.id);
      expect(text).not.toContain("127.0.0.1");
      // The entries the admin read (later sign-ins add more), each without those fields.
      const same = entries.filter((e) => full.entries.some((f) => f.id === e.id));
      expect(same).toEqual(
        full.entries.map((e) => {
          const { target, detail, ...rest } = e;
          return {
            ...rest,
            ...(target !== undefined && !e.action.startsWith("preview.") ? { target } : {}),
            ...(detail !== undefined && !e.action.startsWith("session.") ? { detail } : {}),
          };
        }),
      );
      expect(same.find((e) => e.action === "preview.start")!.detail).toMatchObject({
        label: "Working state",
      });
    }
  });

  it("ends by itself after PREVIEW_MAX_MS, and is forgotten an hour after it ended", async () => {
    const session = await startPreview();
    now += PREVIEW_MAX_MS - 1;
    expect(
      ok<PreviewSession>(await viewer.call("GET", `/api/previews/${session.id}`)).endedAt,
    ).toBe(undefined);
    now += 1;
    const expired = ok<PreviewSession>(await viewer.call("GET", `/api/previews/${session.id}`));
    expect(expired.endedAt).toBe(session.expiresAt);
    const late = await report(session.id, JSON.stringify([trace(1)]));
    expect(late.statusCode).toBe(410);
    expect(problem(late).type).toBe("urn:liftoff:errors:preview:session-ended");
    // Ended sessions count against no cap, and list after active ones.
    const next = await startPreview();
    expect(
      ok<PreviewSession[]>(await editor.call("GET", `${P}/previews`)).map((s) => s.id),
    ).toEqual([next.id, session.id]);

    // An hour after it ended it is gone; the next one has just expired, and stays listed.
    now += 60 * 60 * 1000 + 1;
    expect((await viewer.call("GET", `/api/previews/${session.id}`)).statusCode).toBe(404);
    expect(
      ok<PreviewSession[]>(await editor.call("GET", `${P}/previews`)).map((s) => [s.id, s.endedAt]),
    ).toEqual([[next.id, next.expiresAt]]);
  });
});

describe("trace reports", () => {
  it("accepts text/plain and JSON arrays of records from any origin; refuses bad ones naming the field", async () => {
    const { id } = await startPreview();
    const beacon = await report(id, JSON.stringify([trace(1), trace(2)]));
    expect(beacon.statusCode, beacon.body).toBe(204);
    expect(beacon.headers["access-control-allow-origin"]).toBe("*");
    expect((await report(id, JSON.stringify([trace(3)]), "application/json")).statusCode).toBe(204);
    const preflight = await app.inject({ method: "OPTIONS", url: `/preview/${id}/trace` });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");

    const cases: Array<[string, number, string]> = [
      ["", 400, "body"],
      ["{not json", 400, "body"],
      [JSON.stringify({ type: "event" }), 400, "body"],
      [JSON.stringify([5]), 400, "[0]"],
      [JSON.stringify([trace(1), { ...trace(2), type: "nonsense" }]), 400, "[1].type"],
      [JSON.stringify([{ ...trace(1), type: "toString" }]), 400, "[0].type"],
      // Server rules' records are the server's: a page cannot make them up.
      [JSON.stringify([{ ...trace(1), type: "forwarding", requestId: "r" }]), 400, "[0].type"],
      [JSON.stringify([{ ...trace(1), type: "delivery", deliveryId: "1" }]), 400, "[0].type"],
      [JSON.stringify([trace(1), trace(2, { seq: "2" })]), 400, "[1].seq"],
      [JSON.stringify([trace(1, { pageId: 3 })]), 400, "[0].pageId"],
      [JSON.stringify([trace(1, { at: null })]), 400, "[0].at"],
      [
        JSON.stringify([{ ...trace(1), type: "rule", conditions: [], outcome: "fired" }]),
        400,
        "[0].actions",
      ],
      [
        JSON.stringify([{ type: "page", pageId: "p", at: 0, seq: 0, url: "https://x/" }]),
        400,
        "[0].startedAt",
      ],
      // Nested past the API's MAX_JSON_DEPTH (64): refused where it passes it, never a 500.
      [
        JSON.stringify([trace(1, { detail: "X" })]).replace(
          '"X"',
          "[".repeat(5_000) + "]".repeat(5_000),
        ),
        400,
        `[0].detail${"[0]".repeat(MAX_JSON_DEPTH - 2)}`,
      ],
      [JSON.stringify(Array.from({ length: 501 }, (_, i) => trace(i))), 413, "body.length"],
      [JSON.stringify([trace(1, { element: "x".repeat(300 * 1024) })]), 413, "body"],
    ];
    for (const [body, status, field] of cases) {
      const res = await report(id, body);
      expect(res.statusCode, body.slice(0, 80)).toBe(status);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(
        problem(res).errors.map((e) => e.path),
        body.slice(0, 80),
      ).toEqual([field]);
    }
    expect(
      (await report(id, JSON.stringify(Array.from({ length: 500 }, (_, i) => trace(i)))))
        .statusCode,
    ).toBe(204);

    const unknown = await report("0".repeat(32), JSON.stringify([trace(1)]));
    expect(unknown.statusCode).toBe(404);
    expect(problem(unknown).type).toBe("urn:liftoff:errors:preview:unknown-session");
    expect((await report("nope", "[]")).statusCode).toBe(404);
  });
});

describe("trace rate", () => {
  it("limits reports per client address with 429 and retry-after", async () => {
    await app.close();
    now = Date.now();
    app = apiApp({ builder, preview: { traceRatePerSecond: 0.5, now: () => now } });
    admin = await signIn(app, "admin", ADMIN_PASSWORD);
    ok(await admin.call("POST", "/api/properties/import", fixtureDocument()), 201);
    const { id } = await startPreview({ url: PAGE }, admin);
    const body = JSON.stringify([trace(1)]);
    // Half a report a second: a burst of one, then the next waits two seconds.
    expect((await report(id, body)).statusCode).toBe(204);
    const limited = await report(id, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBe("2");
    expect(problem(limited).type).toBe("urn:liftoff:errors:preview:rate-limited");
  });
});

describe("the session stream", () => {
  it("sends the session and the kept traces, then live traces and the session's changes", async () => {
    await app.close();
    await start({ traces: 3 });
    const session = await startPreview();
    expect((await report(session.id, JSON.stringify([trace(1), trace(2)]))).statusCode).toBe(204);
    expect((await report(session.id, JSON.stringify([trace(3), trace(4)]))).statusCode).toBe(204);
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });

    // A viewer watches; the session keeps the last 3 records.
    const stream = watch(origin, session.id, viewer);
    expect(await stream.opened).toBe(200);
    const [first, kept] = await stream.received(2);
    expect(first).toEqual({ event: "session", data: session });
    expect(kept!.event).toBe("traces");
    expect((kept!.data as PreviewTrace[]).map((t) => t.seq)).toEqual([2, 3, 4]);

    expect((await report(session.id, JSON.stringify([trace(5)]))).statusCode).toBe(204);
    const live = (await stream.received(3))[2]!;
    expect(live).toEqual({ event: "traces", data: [trace(5)] });

    // A build the page asks for sets the revision: watchers hear it.
    expect((await script(session.id)).statusCode).toBe(200);
    const rebuilt = (await stream.received(4))[3]!;
    expect(rebuilt.event).toBe("session");
    expect((rebuilt.data as PreviewSession).revision).toBe(
      ok<PropertyState>(await editor.call("GET", P)).revision,
    );

    ok(await editor.call("DELETE", `/api/previews/${session.id}`));
    const ended = (await stream.received(5))[4]!;
    expect(ended.event).toBe("session");
    expect((ended.data as PreviewSession).endedAt).toBe(new Date(now).toISOString());
    stream.close();

    const unknown = watch(origin, "0".repeat(32), viewer);
    expect(await unknown.opened).toBe(404);
    unknown.close();
  });
});

describe("stream caps", () => {
  let origin: string;
  let session: PreviewSession;
  const streams: Array<ReturnType<typeof watch>> = [];
  const open = async (who: Client) => {
    const stream = watch(origin, session.id, who);
    streams.push(stream);
    return { stream, status: await stream.opened };
  };
  beforeEach(async () => {
    session = await startPreview();
    origin = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  it("one person opens at most 5 streams, then 429 too-many-watchers", async () => {
    for (let i = 0; i < 5; i++) expect((await open(viewer)).status).toBe(200);
    expect((await open(viewer)).status).toBe(429);
    const refused = await viewer.call("GET", `/api/previews/${session.id}/stream`);
    expect(problem(refused).type).toBe("urn:liftoff:errors:preview:too-many-watchers");
    expect(refused.headers["retry-after"]).toBe("30");
    expect(refused.json<{ detail: string }>().detail).toContain("5 open preview streams");
  }, 30_000);

  it("20 streams of other people fill a session; its owner still gets one", async () => {
    for (const who of [
      viewer,
      ...(await Promise.all([1, 2, 3].map(() => clientWith(app, admin, "viewer")))),
    ])
      for (let i = 0; i < 5; i++) expect((await open(who)).status).toBe(200);
    expect((await open(admin)).status).toBe(429);

    // The editor who started it still watches it, and gets the whole picture.
    const own = await open(editor);
    expect(own.status).toBe(200);
    expect((await own.stream.received(1))[0]).toEqual({ event: "session", data: session });

    // A closed stream gives its place back, once the server has seen the close.
    streams[0]!.close();
    let again = await open(admin);
    for (let tries = 0; again.status === 429 && tries < 100; tries++) again = await open(admin);
    expect(again.status).toBe(200);
  }, 60_000);
});

describe("sessions in the store", () => {
  it("a node's sweep ends a due session and its watchers hear it, nobody reading", async () => {
    await app.close();
    now = Date.parse("2026-03-01T10:00:00Z");
    app = apiApp({ builder, preview: { now: () => now, sweepMs: 20 } });
    admin = await signIn(app, "admin", ADMIN_PASSWORD);
    ok(await admin.call("POST", "/api/properties/import", fixtureDocument()), 201);
    const session = await startPreview({ url: PAGE }, admin);
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const stream = watch(origin, session.id, admin);
    try {
      expect(await stream.opened).toBe(200);
      await stream.received(2);
      now += PREVIEW_MAX_MS;
      const ended = (await stream.received(3))[2]!;
      expect(ended).toEqual({ event: "session", data: { ...session, endedAt: session.expiresAt } });
    } finally {
      stream.close();
    }
  });

  it("a restart ends no session: it is served, takes reports and keeps its traces", async () => {
    const dir = mkdtempSync(join(tmpdir(), "liftoff-preview-"));
    const file = join(dir, "liftoff.db");
    const open = () => {
      const store = new SqliteStore(file);
      return { store, app: apiApp({ store, builder, preview: { now: () => now } }) };
    };
    try {
      let node = open();
      app = node.app;
      admin = await signIn(app, "admin", ADMIN_PASSWORD);
      ok(await admin.call("POST", "/api/properties/import", fixtureDocument()), 201);
      const session = await startPreview({ url: PAGE }, admin);
      expect((await report(session.id, JSON.stringify([trace(1), trace(2)]))).statusCode).toBe(204);
      await app.close();
      await node.store.close();

      node = open();
      app = node.app;
      admin = await signIn(app, "admin", ADMIN_PASSWORD);
      expect(ok<PreviewSession>(await admin.call("GET", `/api/previews/${session.id}`))).toEqual(
        session,
      );
      expect((await script(session.id)).body).toContain(`"session":"${session.id}"`);
      expect((await report(session.id, JSON.stringify([trace(3)]))).statusCode).toBe(204);
      expect((await node.store.previews.traces(session.id)).map((t) => t.trace.seq)).toEqual([
        1, 2, 3,
      ]);
      await app.close();
      await node.store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("preview-<id>.js", () => {
  it("serves the session's build, rebuilt after a saved change, never cached", async () => {
    const session = await startPreview();
    const res = await script(session.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain(`"session":"${session.id}"`);
    expect(res.body).toContain(`"rules":["Page View"]`);
    expect(previewCalls.map((c) => c.options)).toEqual([
      expect.objectContaining({
        environmentId: "PRfixturedev",
        preview: { sessionId: session.id, label: "Working state" },
      }),
    ]);
    const firstRevision = ok<PreviewSession>(
      await viewer.call("GET", `/api/previews/${session.id}`),
    ).revision;
    expect(firstRevision).toBeGreaterThan(0);

    // A reload gets the same build without building again.
    expect((await script(session.id)).body).toBe(res.body);
    expect(previewCalls).toHaveLength(1);

    const saved = await renameRule("Page View v2");
    const next = await script(session.id);
    expect(next.body).toContain(`"rules":["Page View v2"]`);
    expect(previewCalls).toHaveLength(2);
    const revision = ok<PreviewSession>(
      await viewer.call("GET", `/api/previews/${session.id}`),
    ).revision;
    expect(revision).toBe(saved.revision);
    expect(revision).not.toBe(firstRevision);
  });

  it("builds a library's resources over production; after its end, leaves preview and runs the published library", async () => {
    await publishEverything();
    const published = await app.inject({ url: "/libs/PRfixture/PRfixtureprod/launch.min.js" });
    expect(published.statusCode).toBe(200);
    await renameRule("Quote rule");
    const library = ok<LibraryInfo>(
      await editor.call("POST", `${P}/libraries`, {
        name: "Quote",
        environmentId: "PRfixturedev",
        addAllChanged: true,
      }),
      201,
    );
    const session = await startPreview({ libraryId: library.id, url: PAGE });
    const built = await script(session.id);
    expect(built.body).toContain(`"rules":["Quote rule"]`);
    expect(previewCalls.at(-1)!.options.preview).toEqual({
      sessionId: session.id,
      label: "Quote",
    });

    // Another property's folder does not run this session's build.
    const elsewhere = await script(session.id, "PRotherprod", "PRother");
    expect(elsewhere.statusCode).toBe(404);

    ok(await editor.call("DELETE", `/api/previews/${session.id}`));
    const after = await script(session.id);
    expect(after.statusCode).toBe(200);
    expect(after.headers["cache-control"]).toBe("no-store");
    expect(after.body).toContain('sessionStorage.removeItem("liftoff_preview")');
    expect(after.body).toContain("history.replaceState");
    expect(after.body.endsWith(published.body)).toBe(true);
    // An unknown session gets the same way out.
    expect((await script("f".repeat(32))).body).toBe(after.body);
    // An environment that serves nothing: 404.
    const empty = await script(session.id, "PRfixtureqa");
    expect(empty.statusCode).toBe(404);
    expect(empty.headers["content-type"]).toContain("application/problem+json");
  });

  it("a failing build logs its reason and runs the published library; the next request tries again", async () => {
    await publishEverything();
    const published = (await app.inject({ url: "/libs/PRfixture/PRfixtureprod/launch.min.js" }))
      .body;
    const session = await startPreview();
    failPreview = "esbuild: disk full";
    const failed = await script(session.id);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toMatch(/^console\.error\(".*esbuild: disk full"\);/);
    // The published library runs without the session (its check would ask for this file
    // again), and the tab gets the session back after it.
    const [before, after] = failed.body.split(published);
    expect(before).toContain('sessionStorage.removeItem("liftoff_preview")');
    expect(after).toBe(
      `\n;try{sessionStorage.setItem("liftoff_preview","${session.id}")}catch(e){}`,
    );
    failPreview = undefined;
    const fixed = await script(session.id);
    expect(fixed.body).toContain(`"session":"${session.id}"`);
    expect(previewCalls).toHaveLength(2);
  });
});
