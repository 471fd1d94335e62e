import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import createDemoServer from "./createDemoServer.ts";
import { DEEP_SEGMENTS, PAGES } from "./pages.ts";

describe("demo site server", () => {
  const libraryUrl = "http://127.0.0.1:9/libs/PRpcmarketing/ENpcmarketingdevelopment/launch.min.js";
  const server = createDemoServer({ libraryUrl });
  let origin = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("serves every page of the table with the configured library tag", async () => {
    for (const page of PAGES) {
      const res = await fetch(`${origin}${page.path}`);
      expect(res.status, page.path).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<script src="${libraryUrl}" async></script>`);
      expect(html).toContain('class="do-not-sell"');
    }
  });

  it("answers every same-origin link of every page with a page carrying the library", async () => {
    const links = new Set<string>();
    for (const page of PAGES) {
      const html = await (await fetch(`${origin}${page.path}`)).text();
      for (const [, href] of html.matchAll(/href="([^"#]+)"/g)) {
        const url = new URL(href!, `${origin}${page.path}`);
        if (url.origin === origin && !url.pathname.startsWith("/files/")) links.add(url.pathname);
      }
    }
    expect(links.size).toBeGreaterThan(3);
    for (const path of links) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(`<script src="${libraryUrl}" async></script>`);
    }
  });

  it("generates pages 1 to 12 segments deep, each with a breadcrumb", async () => {
    for (let depth = 1; depth <= 12; depth++) {
      const html = await (
        await fetch(`${origin}/${DEEP_SEGMENTS.slice(0, depth).join("/")}`)
      ).text();
      expect(html).toContain(`<h1>Depth ${depth}</h1>`);
      expect(html).toContain('<nav class="breadcrumb"');
    }
  });

  it("leaves the library out when none is configured", async () => {
    const bare = createDemoServer();
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    const port = (bare.address() as AddressInfo).port;
    const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    expect(html).toContain("Protect what matters");
    expect(html).not.toContain("launch.min.js");
  });

  it("records vendor calls and answers them at /__calls", async () => {
    await fetch(`${origin}/__calls`, { method: "DELETE" });
    const script = await fetch(`${origin}/vendor/pixel/events.js`);
    expect(await script.text()).toContain("/vendor/pixel/collect");
    await fetch(`${origin}/vendor/pixel/collect`, { method: "POST", body: '[["init","1"]]' });
    const calls = (await (await fetch(`${origin}/__calls`)).json()) as Array<{
      path: string;
      body: string;
    }>;
    expect(calls.map((c) => c.path)).toEqual(["/vendor/pixel/events.js", "/vendor/pixel/collect"]);
    expect(calls[1]!.body).toBe('[["init","1"]]');
    expect((await fetch(`${origin}/vendor/unknown.js`)).status).toBe(404);
  });

  it("answers the ad pixel's Conversions API path as the vendor does, and records it", async () => {
    await fetch(`${origin}/__calls`, { method: "DELETE" });
    const body = JSON.stringify({ data: [{ event_name: "PageView" }, { event_name: "Lead" }] });
    const res = await fetch(`${origin}/vendor/pixel/PIXEL-1/events?access_token=t`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ events_received: 2 });
    const calls = (await (await fetch(`${origin}/__calls`)).json()) as Array<{
      method: string;
      path: string;
      body: string;
    }>;
    expect(calls).toMatchObject([{ method: "POST", path: "/vendor/pixel/PIXEL-1/events", body }]);
    expect((await fetch(`${origin}/vendor/pixel/PIXEL-1/events`)).status).toBe(404);
  });

  it("serves a playable WAV for the video and 404 for unknown paths", async () => {
    const wav = Buffer.from(
      await (await fetch(`${origin}/media/claims-explained.wav`)).arrayBuffer(),
    );
    expect(wav.subarray(0, 4).toString()).toBe("RIFF");
    expect(wav.subarray(8, 12).toString()).toBe("WAVE");
    expect((await fetch(`${origin}/nope`)).status).toBe(404);
  });
});
