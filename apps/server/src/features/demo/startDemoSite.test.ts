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
