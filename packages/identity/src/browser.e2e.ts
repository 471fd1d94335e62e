import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { launchOptions } from "../../../e2e/chromium.ts";
import { build } from "../build.mjs";
import startIdentityServer, { type IdentityServer } from "../test/startIdentityServer.ts";

// dist/identity.min.js in real Chromium against the local identity server
// (test/startIdentityServer.ts). Pages load from 127.0.0.1 and call /id on `localhost` (a
// cross-origin, CORS request); `insecure.test` maps to 127.0.0.1 too and is *not* a
// secure context, so it has no crypto.subtle and exercises the SHA-256 fallback.
test.use({
  launchOptions: {
    ...launchOptions,
    args: [...launchOptions.args, "--host-resolver-rules=MAP insecure.test 127.0.0.1"],
  },
});

const ORG = "ABC123@AdobeOrg";
const AMCV = "AMCV_ABC123%40AdobeOrg";
let server: IdentityServer;

test.beforeAll(async () => {
  await build();
  server = await startIdentityServer();
});
test.afterAll(() => server.close());
test.beforeEach(() => {
  server.requests.length = 0;
  server.referers.length = 0;
  Object.assign(server.behaviour, { delayMs: 0, ibs: undefined, silentFrame: false });
});

async function open(page: Page, config: Record<string, unknown> = {}, origin = server.origin) {
  await page.goto(`${origin}/page.html`);
  await page.addScriptTag({ url: `${origin}/identity.min.js` });
  await page.evaluate(
    ([org, cfg]) => {
      (window as any).visitor = (window as any).Visitor.getInstance(org, cfg);
    },
    [ORG, { loadSSL: false, marketingCloudServer: server.crossHost, ...config }] as const,
  );
}

const mid = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => (window as any).visitor.getMarketingCloudVisitorID(resolve)),
  );

test("gets a MID over CORS and keeps it in a real AMCV cookie across page loads", async ({
  page,
  context,
}) => {
  await open(page);
  const id = await mid(page);
  expect(id).toMatch(/^\d{38}$/);
  const cookies = await context.cookies(server.origin);
  const amcv = cookies.find((c) => c.name === AMCV)!;
  expect(decodeURIComponent(amcv.value)).toMatch(
    new RegExp(
      `^-?\\d+\\|MCIDTS\\|\\d+\\|MCMID\\|${id}\\|MCAAMLH-\\d+\\|9\\|MCAAMB-\\d+\\|blob-\\d+\\|MCOPTOUT-\\d+s\\|NONE\\|vVersion\\|5\\.5\\.0$`,
    ),
  );
  // Visitor asks for two years; Chromium caps every cookie at 400 days (RFC 6265bis).
  expect(amcv.expires - Date.now() / 1000).toBeGreaterThan(400 * 86400 - 60);
  expect(cookies.find((c) => c.name === "AMCVS_ABC123%40AdobeOrg")?.expires).toBe(-1);

  await open(page);
  expect(await page.evaluate(() => (window as any).visitor.getMarketingCloudVisitorID())).toBe(id);
  expect(server.calls("/id")).toHaveLength(1);
  expect(server.calls("/id")[0]!.searchParams.get("d_coppa")).toBe("true");
});

test("mints a local MID when /id outlasts loadTimeout", async ({ page }) => {
  server.behaviour.delayMs = 5000;
  await open(page, { loadTimeout: 300 });
  const started = Date.now();
  const local = await mid(page);
  expect(local).toMatch(/^[1-9]\d{37}$/);
  expect(Date.now() - started).toBeLessThan(3000);
  // As 5.5.0: the audience data the MC call did not bring is asked for with the local MID.
  await expect.poll(() => server.calls("/id").length).toBe(2);
  const followUp = server.calls("/id")[1]!.searchParams;
  expect(followUp.get("d_fieldgroup")).toBe("AAM");
  expect(followUp.get("d_mid")).toBe(local);
});

test("hashes customer IDs the same with SubtleCrypto and with the fallback", async ({ page }) => {
  const vectors = [" ECID@Adobe.com ", "Élodie.Müller@example.de", "山田太郎", "😀", "abc"];
  const expected = vectors.map((v) =>
    createHash("sha256").update(v.trim().toLowerCase()).digest("hex"),
  );
  const hashes = () =>
    page.evaluate(async (ids) => {
      const out: string[] = [];
      for (const id of ids) {
        await (window as any).visitor.setCustomerIDs({ crm: { id, authState: 1 } }, "SHA-256");
        out.push((window as any).visitor.getCustomerIDs().crm.id);
      }
      return { out, secure: isSecureContext, subtle: typeof crypto.subtle };
    }, vectors);
  await open(page);
  expect(await hashes()).toEqual({ out: expected, secure: true, subtle: "object" });
  const insecure = server.origin.replace("127.0.0.1", "insecure.test");
  await open(page, {}, insecure);
  expect(await hashes()).toEqual({ out: expected, secure: false, subtle: "undefined" });
  expect(expected[0]).toBe("a6ea4cde5da5ae7cc68baae894d1d6544fca26254433b0fff7c2cb4843b4a097");
});

test("opt-in holds the /id call until ecid is approved, then stores the decision", async ({
  page,
  context,
}) => {
  await open(page, { doesOptInApply: true, isOptInStorageEnabled: true });
  const state = () =>
    page.evaluate(() => {
      const optIn = (window as any).adobe.optIn;
      return {
        status: optIn.status,
        ecid: optIn.isApproved("ecid"),
        mid: (window as any).visitor.getMarketingCloudVisitorID(),
      };
    });
  expect(await state()).toEqual({ status: "pending", ecid: false, mid: "" });
  const error = await page.evaluate(() => {
    try {
      (window as any).adobe.optIn.approve(["ecid", "cookies"]);
    } catch (e) {
      return (e as Error).message;
    }
  });
  expect(error).toBe("[OptIn] Invalid category(-ies). Please use the `OptIn.Categories` enum.");
  await page.evaluate(() => (window as any).adobe.optIn.approve(["ecid", "aa"], true));
  expect(await state()).toEqual({ status: "changed", ecid: false, mid: "" });
  expect(server.calls("/id")).toHaveLength(0);
  await page.evaluate(() => (window as any).adobe.optIn.complete());
  expect(await mid(page)).toMatch(/^\d{38}$/);
  expect(server.calls("/id")).toHaveLength(1);
  const stored = (await context.cookies(server.origin)).find((c) => c.name === "adobeujs-optin")!;
  expect(JSON.parse(decodeURIComponent(stored.value))).toMatchObject({
    ecid: true,
    aa: true,
    aam: false,
  });
  expect(Math.abs(stored.expires - Date.now() / 1000 - 33696000)).toBeLessThan(60);

  // The next page starts from the stored decision: complete, and ecid already approved.
  await open(page, { doesOptInApply: true, isOptInStorageEnabled: true });
  expect((await state()).status).toBe("complete");
  expect((await state()).ecid).toBe(true);
});

test("answers getOptOut and isOptedOut from the MC call, or /optOutStatus before opt-in", async ({
  page,
}) => {
  server.behaviour.optOut = "global";
  server.behaviour.optOutInIdResponse = true;
  const optedOut = () =>
    page.evaluate(
      () =>
        new Promise((resolve) =>
          (window as any).visitor.isOptedOut((opted: boolean) =>
            resolve({ opted, value: (window as any).visitor.getOptOut() }),
          ),
        ),
    );
  await open(page);
  expect(await optedOut()).toEqual({ opted: true, value: "global" });
  expect(server.calls("/optOutStatus")).toHaveLength(0);
  // Before the visitor allows an ECID, there is no MC call: the status has its own.
  await page.context().clearCookies();
  await open(page, { doesOptInApply: true });
  expect(await optedOut()).toEqual({ opted: true, value: "global" });
  expect(server.calls("/optOutStatus")).toHaveLength(1);
  server.behaviour.optOut = "";
  server.behaviour.optOutInIdResponse = false;
});

test.describe("ID sync", () => {
  const ibs = () => [{ id: "411", url: [`${server.origin}/pixel/411`], ttl: 10080 }];

  test("fires partner URLs from the destination frame after its handshake", async ({
    page,
    context,
  }) => {
    server.behaviour.ibs = ibs();
    await open(page);
    await mid(page);
    await expect.poll(() => server.calls("/pixel/411").length).toBe(1);
    const pixelAt = server.requests.findIndex((r) => r.pathname === "/pixel/411");
    // Fired by the frame: its origin (localhost) is the referrer, not the page.
    expect(server.referers[pixelAt]).toBe(`http://${server.crossHost}/`);
    const frame = page.frames().find((f) => f.url().includes("/dest5.html"));
    expect(frame?.url()).toBe(
      `http://${server.crossHost}/dest5.html?d_nsid=0#${encodeURIComponent(server.origin)}`,
    );
    const amcv = (await context.cookies(server.origin)).find((c) => c.name === AMCV)!;
    expect(decodeURIComponent(amcv.value)).toMatch(/\|MCSYNCS\|411-\d+\|/);
    // A later page the same day makes no /id call, so no sync either.
    await open(page);
    await mid(page);
    expect(server.calls("/pixel/411")).toHaveLength(1);
  });

  test("fires them from the page when the frame does not answer within 250 ms", async ({
    page,
  }) => {
    server.behaviour.ibs = ibs();
    server.behaviour.silentFrame = true;
    await open(page);
    await mid(page);
    await expect.poll(() => server.calls("/pixel/411").length).toBe(1);
    const pixelAt = server.requests.findIndex((r) => r.pathname === "/pixel/411");
    expect(server.referers[pixelAt]).toBe(`${server.origin}/page.html`);
  });

  test("keeps the sync record within 649 characters", async ({ page, context }) => {
    server.behaviour.ibs = Array.from({ length: 120 }, (_, i) => ({
      id: String(1000 + i),
      url: [`${server.origin}/pixel/${1000 + i}`],
      ttl: 1440,
    }));
    await open(page);
    await mid(page);
    // The syncs are recorded after the MID arrives, once they have been sent; wait for them.
    const recorded = async () => {
      const cookie = (await context.cookies(server.origin)).find((c) => c.name === AMCV);
      return /\|MCSYNCS\|([^|]*)/.exec(decodeURIComponent(cookie?.value ?? ""))?.[1] ?? "";
    };
    await expect.poll(async () => (await recorded()).length).toBeGreaterThan(600);
    const syncs = await recorded();
    expect(syncs.length).toBeLessThanOrEqual(649);
    // The newest entries are the ones kept.
    expect(syncs.endsWith(`1119-${Math.floor(Date.now() / 86400000) + 1}`)).toBe(true);
  });
});
