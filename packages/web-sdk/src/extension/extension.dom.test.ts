// @vitest-environment-options {"url": "https://www.example.test/page.html"}
import { beforeEach, describe, expect, it, vi } from "vitest";
import installBaseCode, { type QueueFunction } from "../baseCode.ts";
import type { InstanceManager } from "./createInstanceManager.ts";
import { extensionModules } from "./index.ts";
import type { Turbine } from "./types.ts";

const EXT = "web-sdk";

/** Loads the extension's modules the way turbine does: once each, relative requires. */
function loadExtension(settings: Record<string, unknown>, stage = "production") {
  const errors: string[] = [];
  const debugListeners: Array<(enabled: boolean) => void> = [];
  const turbine: Turbine = {
    getExtensionSettings: () => settings,
    environment: { stage },
    debugEnabled: false,
    onDebugChanged: (cb) => void debugListeners.push(cb),
    logger: {
      log: vi.fn(),
      info: vi.fn(),
      warn: vi.fn(),
      error: (m: unknown) => void errors.push(String(m)),
    },
  };
  const cache = new Map<string, unknown>();
  const load = (path: string): any => {
    if (cache.has(path)) return cache.get(path);
    const entry = extensionModules[path.slice(EXT.length + 1)];
    if (!entry) throw new Error(`Module ${path} not found.`);
    const module = { exports: {} as unknown };
    const require = (rel: string) => {
      const parts = path.split("/");
      parts.pop();
      for (const seg of rel.split("/")) {
        if (seg === "..") parts.pop();
        else if (seg !== ".") parts.push(seg);
      }
      return load(parts.join("/"));
    };
    entry.script(module, module.exports, require, turbine);
    cache.set(path, module.exports);
    return module.exports;
  };
  return { load: (p: string) => load(`${EXT}/${p}`), errors, debugListeners };
}

function captureEdge() {
  const bodies: any[] = [];
  const urls: string[] = [];
  window.fetch = vi.fn((url: string, init: RequestInit) => {
    urls.push(url);
    bodies.push(JSON.parse(init.body as string));
    return Promise.resolve(new Response(JSON.stringify({ handle: [] }), { status: 200 }));
  }) as unknown as typeof fetch;
  return { bodies, urls };
}

const win = window as unknown as Record<string, unknown>;

beforeEach(() => {
  for (const key of ["alloy", "second", "__alloyNS", "_satellite"]) delete win[key];
  win._satellite = { company: { orgId: "COMPANY@AdobeOrg" } };
});

describe("instance manager", () => {
  it("configures one instance per entry with the datastream of the current stage", async () => {
    const { urls, bodies } = captureEdge();
    const { load, errors } = loadExtension(
      {
        instances: [
          {
            name: "alloy",
            edgeConfigId: "prod-ds",
            stagingEdgeConfigId: "stage-ds",
            developmentEdgeConfigId: "dev-ds",
            edgeDomain: "edge.example.test",
            thirdPartyCookiesEnabled: false,
            edgeConfigOverrides: {
              staging: { com_adobe_analytics: { reportSuites: ["stage-rs"] } },
            },
          },
        ],
      },
      "staging",
    );
    const manager = load("src/lib/instanceManager.js") as InstanceManager;
    expect(errors).toEqual([]);
    expect(win.alloy).toBe(manager.getInstance("alloy"));
    const info = await manager.getInstance("alloy")!("getLibraryInfo");
    expect((info.libraryInfo as any).configs).toMatchObject({
      datastreamId: "stage-ds",
      orgId: "COMPANY@AdobeOrg",
    });
    await manager.getInstance("alloy")!("sendEvent", {});
    expect(urls[0]).toMatch(/^https:\/\/edge\.example\.test\/ee\/v1\/interact\?configId=stage-ds&/);
    expect(bodies[0].meta.configOverrides).toEqual({
      com_adobe_analytics: { reportSuites: ["stage-rs"] },
    });
    expect(manager.createEventMergeId()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("replays a base-code queue the page already has", async () => {
    captureEdge();
    installBaseCode(win, ["alloy"]);
    const queued = (win.alloy as QueueFunction)("getLibraryInfo");
    const { load } = loadExtension({
      instances: [{ name: "alloy", edgeConfigId: "ds", orgId: "O@AdobeOrg" }],
    });
    load("src/lib/instanceManager.js");
    await expect(queued).resolves.toHaveProperty("libraryInfo");
  });

  it("logs bad entries with the field's path and starts the good ones", () => {
    captureEdge();
    const { load, errors } = loadExtension({
      instances: [{ name: "" }, { name: "second" }, "x", { name: "alloy", edgeConfigId: "ds" }],
    });
    const manager = load("src/lib/instanceManager.js") as InstanceManager;
    expect(errors).toEqual([
      "instances[0].name: must be a non-empty string",
      "instances[1].edgeConfigId: must be a datastream id",
      "instances[2]: must be an object",
    ]);
    expect(manager.getInstance("alloy")).toBeTypeOf("function");
    expect(loadExtension({}).load("src/lib/instanceManager.js")).toBeDefined();
  });

  it("follows Launch's debug switch", async () => {
    captureEdge();
    const { load, debugListeners } = loadExtension({
      instances: [{ name: "alloy", edgeConfigId: "ds", orgId: "O@AdobeOrg" }],
    });
    load("src/lib/instanceManager.js");
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    debugListeners.forEach((cb) => cb(true));
    await (win.alloy as (c: string) => Promise<unknown>)("sendEvent");
    expect(info.mock.calls.some((c) => c[0] === "[alloy]")).toBe(true);
    info.mockRestore();
    sessionStorage.clear();
  });
});

describe("actions and data elements", () => {
  it("send-event sends through the named instance and rejects an unknown name", async () => {
    const { bodies } = captureEdge();
    const { load } = loadExtension({
      instances: [{ name: "alloy", edgeConfigId: "ds", orgId: "O@AdobeOrg" }],
    });
    const sendEvent = load("src/lib/actions/sendEvent.js");
    const xdm = {
      eventType: "web.webpagedetails.pageViews",
      web: { webPageDetails: { name: "home" } },
    };
    await sendEvent({
      instanceName: "alloy",
      type: "web.webpagedetails.pageViews",
      xdm,
      data: { a: 1 },
      mergeId: "",
    });
    expect(bodies[0].events[0].xdm).toMatchObject(xdm);
    expect(bodies[0].events[0].data).toEqual({ a: 1 });
    expect(() => sendEvent({ instanceName: "nope" })).toThrow(
      'Failed to send event for instance "nope". No matching instance was configured with this name.',
    );
  });

  it("update-variable clears chosen fields, then merges; the variable data element reads it", () => {
    const { load, errors } = loadExtension({ instances: [] });
    const update = load("src/lib/actions/updateVariable.js");
    const variable = load("src/lib/dataElements/variable.js");
    expect(variable({ dataElementCacheId: "v1" })).toEqual({});
    update({
      dataElementCacheId: "v1",
      data: {
        web: { webInteraction: { name: "cta", linkClicks: { value: 1 } } },
        _experience: { analytics: { event1to100: { event3: { value: 1 } } } },
      },
    });
    update({
      dataElementCacheId: "v1",
      data: { web: { webPageDetails: { pageViews: { value: 1 } } } },
      transforms: {
        "web.webInteraction": { clear: true },
        "_experience.analytics.event1to100": { clear: true },
        "no.such.path": { clear: true },
      },
    });
    expect(variable({ dataElementCacheId: "v1" })).toEqual({
      web: { webPageDetails: { pageViews: { value: 1 } } },
      _experience: { analytics: {} },
    });
    update({ data: {} });
    expect(errors).toEqual(["dataElementCacheId: the variable to update is missing."]);
  });

  it("xdm-object returns the resolved object", () => {
    const { load } = loadExtension({ instances: [] });
    expect(load("src/lib/dataElements/xdmObject.js")({ data: { a: 1 } })).toEqual({ a: 1 });
  });

  it("event-merge-id keeps one id per key for the page, and the send carries it", async () => {
    const { bodies } = captureEdge();
    const { load } = loadExtension({ instances: [{ name: "alloy", edgeConfigId: "ds" }] });
    const read = load("src/lib/dataElements/eventMergeId.js");
    const first = read({ cacheId: "checkout" });
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(read({ cacheId: "checkout" })).toBe(first);
    expect(read({ cacheId: "other" })).not.toBe(first);
    await load("src/lib/actions/sendEvent.js")({ instanceName: "alloy", mergeId: first });
    expect(bodies.at(-1).events[0].xdm.eventMergeId).toBe(first);
  });
});
