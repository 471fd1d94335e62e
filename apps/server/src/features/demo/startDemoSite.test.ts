import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import loadDemoModules from "./loadDemoModules.ts";
import startDemoSite from "./startDemoSite.ts";

describe("startDemoSite", () => {
  it("listens first, then points the property at itself and its pages at the server", async () => {
    const demo = await startDemoSite(await loadDemoModules(), { host: "127.0.0.1", port: 0 });
    try {
      expect(demo.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const port = new URL(demo.origin).port;
      const options = demo.options("http://127.0.0.1:9999");
      expect(options.origins).toEqual([demo.origin, `http://localhost:${port}`]);
      const document = await options.document();
      const web = document.extensions.find((e) => e.name === "web-sdk")!.settings as {
        instances: Array<{ edgeOrigin: string }>;
      };
      expect(web.instances[0]!.edgeOrigin).toBe("http://127.0.0.1:9999");
      expect(JSON.stringify(document.dataElements)).toContain(`${demo.origin}/vendor/hosted`);
      // The demo property asks for a second person to approve what one submits.
      expect(document.property.settings.separationOfDuties).toBe(true);
      // Before the server listens, pages carry no library; after, the development one.
      expect(await (await fetch(`${demo.origin}/`)).text()).not.toContain("launch.min.js");
      const library = demo.serveLibraryFrom("http://127.0.0.1:9999");
      expect(library).toBe(
        "http://127.0.0.1:9999/libs/PRpcmarketing/ENpcmarketingdevelopment/launch.min.js",
      );
      expect(await (await fetch(`${demo.origin}/`)).text()).toContain(`src="${library}"`);
    } finally {
      await demo.close();
    }
  });

  it("--demo-variant server-side: the web variant, and a forwarding property sending to the stand-ins", async () => {
    const demo = await startDemoSite(
      await loadDemoModules(),
      { host: "127.0.0.1", port: 0 },
      "server-side",
    );
    try {
      const port = new URL(demo.origin).port;
      const options = demo.options("http://127.0.0.1:9999");
      const web = await options.document();
      expect(web.property.id).toBe("PRpcmarketing");
      expect(web.rules.map((r) => r.name)).not.toContain("Ad Pixel");
      expect(web.property.settings.separationOfDuties).toBe(true);
      const edge = await options.forwarding!.document();
      expect(edge.property).toMatchObject({ id: "PRpcforwarding", settings: { platform: "edge" } });
      expect(JSON.stringify(edge.dataElements)).toContain(`${demo.origin}/vendor/pixel`);
      // The stand-ins are on loopback: allowed explicitly, under both of the site's names.
      expect(options.forwarding!.hosts).toEqual([
        { host: `127.0.0.1:${port}`, allowPrivate: true },
        { host: `localhost:${port}`, allowPrivate: true },
      ]);
      expect(demo.options(undefined).forwarding).toBeDefined();
    } finally {
      await demo.close();
    }
    const plain = await startDemoSite(await loadDemoModules(), { host: "127.0.0.1", port: 0 });
    await plain.close();
    expect(plain.options(undefined).forwarding).toBeUndefined();
  });

  it("says what --demo-variant server-side needs of an older property package", async () => {
    const modules = await loadDemoModules();
    const older = {
      ...modules,
      property: {
        createPropertyDocument: (options: object) =>
          modules.property.createPropertyDocument(options),
      },
    };
    await expect(
      startDemoSite(older, { host: "127.0.0.1", port: 0 }, "server-side"),
    ).rejects.toThrow(
      "--demo-variant server-side needs @liftoff/pc-marketing to export createServerSideProperty and createForwardingProperty",
    );
  });

  it("names --demo-port when the port is taken", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(
        startDemoSite(await loadDemoModules(), { host: "127.0.0.1", port }),
      ).rejects.toThrow(`demo site: port ${port} is in use; pick another with --demo-port`);
    } finally {
      taken.close();
    }
  });
});
