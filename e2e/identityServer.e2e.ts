import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { repoRoot, startServer, type RunningServer } from "./startServer.ts";

// The identity library (packages/identity/dist/identity.min.js) against the real server's
// identity endpoints over HTTPS: the /id answer becomes the visitor's ECID, region and blob,
// and its answer also settles the opt-out question. The page comes from its own loopback origin.
const ORG = "5LIFTOFF0PCMARKETING0001@AdobeOrg";
let server: RunningServer;
let site: Server;
let siteOrigin = "";

test.beforeAll(async () => {
  server = await startServer(["--https", "--data", mkdtempSync(join(tmpdir(), "liftoff-id-"))]);
  const library = readFileSync(join(repoRoot, "packages/identity/dist/identity.min.js"));
  site = createServer((req, res) => {
    if (req.url === "/identity.min.js")
      res.writeHead(200, { "content-type": "text/javascript" }).end(library);
    else
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>site</title>");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await server.stop();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

test.use({ ignoreHTTPSErrors: true });

test("the ECID, region and blob come from the server's /id; opt-out status from the /id answer", async ({
  page,
}) => {
  const idHost = new URL(server.origin).host;
  await page.goto(`${siteOrigin}/page.html`);
  await page.addScriptTag({ url: "/identity.min.js" });
  const result = await page.evaluate(
    ({ org, host }) =>
      new Promise<{ values: Record<string, string>; optedOut: unknown }>((resolve) => {
        const w = window as any;
        const visitor = w.Visitor.getInstance(org, {
          marketingCloudServer: host,
          marketingCloudServerSecure: host,
          loadTimeout: 10000,
        });
        visitor.getVisitorValues((values: Record<string, string>) =>
          visitor.isOptedOut((optedOut: unknown) => resolve({ values, optedOut }), "global", true),
        );
      }),
    { org: ORG, host: idHost },
  );
  expect(result.values.MCMID).toMatch(/^\d{38}$/);
  // Only a real /id answer carries the region and the Audience Manager blob.
  expect(result.values.MCAAMLH).toMatch(/^\d+$/);
  expect(result.values.MCAAMB).toBeTruthy();
  expect(result.optedOut).toBe(false);
  const cookies = await page.context().cookies(siteOrigin);
  const amcv = cookies.find((c) => c.name.startsWith("AMCV_"));
  expect(decodeURIComponent(amcv?.value ?? "")).toContain(`MCMID|${result.values.MCMID}`);
});
