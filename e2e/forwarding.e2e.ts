import AxeBuilder from "@axe-core/playwright";
import type { DatastreamInfo, PropertyState } from "@liftoff/schema";
import { expect, test, type Page } from "@playwright/test";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signedInApi, startServer, type RunningServer } from "./startServer.ts";

// Event forwarding in the studio, against a fresh `liftoff serve`: an event forwarding
// property created from the Properties page, an outbound host and a secret set on its
// Forwarding settings (the secret's value never comes back to the page), a web property's
// datastream linked to it from the Environments page, and its Deliveries page, axe-clean
// and without sideways scrolling on a phone. LIFTOFF_SHOTS=<folder> saves screenshots.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const password = "forwarding-e2e-admin-1";
const secretValue = "EAAB-not-for-your-eyes-7d1f0c";
const shots = process.env.LIFTOFF_SHOTS;
let server: RunningServer;
let page: Page;
let edgePid: string;
const errors: string[] = [];
/** Every API answer's body the studio received (read as it comes), to look for the secret in. */
const answers: Array<Promise<string>> = [];

test.beforeAll(async ({ browser }) => {
  server = await startServer(["--data", mkdtempSync(join(tmpdir(), "liftoff-forwarding-"))], {
    LIFTOFF_ADMIN_PASSWORD: password,
    LIFTOFF_LOG_LEVEL: "warn",
  });
  // AxeBuilder needs a page of a context made with newContext().
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("response", (res) => {
    // The change streams (Server-Sent Events) never end, and carry no secret: not read.
    const stream = res.headers()["content-type"]?.startsWith("text/event-stream");
    if (res.url().includes("/api/") && !stream) answers.push(res.text().catch(() => ""));
  });
  await page.goto(`${server.origin}/studio/`);
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Properties", exact: true })).toBeVisible();
});
test.afterAll(async () => {
  await page?.context().close();
  await server?.stop();
});

const prop = (pid: string, path: string) =>
  `${server.origin}/studio/properties/${encodeURIComponent(pid)}/${path}`;

/** Screenshots at 1,440 × 900 and 390 × 844 when LIFTOFF_SHOTS names a folder. */
async function shoot(name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Axe-clean (WCAG 2.0/2.1 A and AA) and no sideways scrolling, at 1,440 and 390 px. */
async function expectCleanAtBothWidths() {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
      `axe at ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("an event forwarding property is created from the Properties page and marked as one", async () => {
  await page.getByRole("radio", { name: "Event forwarding" }).check();
  await expect(page.getByLabel("Domains (one per line)")).toHaveCount(0);
  await page.getByLabel("Name").fill("Server side");
  await shoot("create-edge-property");
  await page.getByRole("button", { name: "Create property" }).click();
  await expect(page).toHaveURL(/\/properties\/[^/]+\/forwarding$/);
  edgePid = decodeURIComponent(/\/properties\/([^/]+)\/forwarding$/.exec(page.url())![1]!);
  const state = (await (
    await page.request.get(`${server.origin}/api/properties/${edgePid}`)
  ).json()) as PropertyState;
  expect(state.document.property.settings.platform).toBe("edge");
  const nav = page.getByRole("navigation", { name: "Property" });
  await expect(nav.getByText("Event forwarding")).toBeVisible();
  await expect(nav.getByRole("link", { name: "Deliveries" })).toBeVisible();
  await page.goto(`${server.origin}/studio/`);
  const row = page.getByRole("row").filter({ hasText: "Server side" });
  await expect(row.getByRole("cell").nth(1)).toHaveText("Event forwarding");
  await shoot("properties-with-platform");
});

test("an admin allows an outbound host, and a secret is set without its value ever coming back", async () => {
  await page.goto(prop(edgePid, "forwarding"));
  await page.getByRole("textbox", { name: "Host" }).fill("127.0.0.1:4010");
  await page.getByLabel("Allow private addresses").check();
  await expect(page.getByText(/^Warning: this host may then resolve/)).toBeVisible();
  await page.getByRole("button", { name: "Allow host" }).click();
  await expect(page.getByRole("list", { name: "Outbound hosts" })).toContainText("127.0.0.1:4010");

  const development = page.getByRole("group", { name: /^Development/ });
  await development.getByRole("textbox", { name: "Name" }).fill("meta_token");
  await development.getByLabel("Value", { exact: true }).fill(secretValue);
  // The list is asked again after the save: that answer is the sentinel before looking.
  const relisted = page.waitForResponse(
    (res) => res.url().endsWith("/forwarding/secrets") && res.request().method() === "GET",
  );
  await development.getByRole("button", { name: "Set secret" }).click();
  await expect(development.getByText("Secret “meta_token” saved.")).toBeVisible();
  await relisted;
  await expect(development.getByRole("cell", { name: "meta_token", exact: true })).toBeVisible();
  await expect(development.getByLabel("Value", { exact: true })).toHaveValue("");
  expect(await page.content()).not.toContain(secretValue);
  // A reload asks for everything again; no answer ever held the value.
  await page.reload();
  await expect(development.getByRole("cell", { name: "meta_token", exact: true })).toBeVisible();
  expect(await page.content()).not.toContain(secretValue);
  const bodies = await Promise.all(answers);
  expect(bodies.some((text) => text.includes('"name":"meta_token"'))).toBe(true);
  expect(bodies.filter((text) => text.includes(secretValue))).toEqual([]);
  await expectCleanAtBothWidths();
  await shoot("forwarding-settings");
});

test("an admin links a web property's datastream to it from the Environments page", async () => {
  const api = await signedInApi(server.origin, password);
  const web = (await api("/api/properties", {
    method: "POST",
    body: { name: "Shop", orgId: "0123456789ABCDEF01234567@AdobeOrg", domains: ["shop.example"] },
  })) as PropertyState;
  const webPid = web.document.property.id;
  await page.goto(prop(webPid, "environments"));
  const development = page.getByRole("region", { name: /^Development/ });
  await development.getByLabel("Event forwarding property").selectOption({ label: "Server side" });
  await expect(development.getByLabel("Its environment")).toHaveValue(/.+/);
  await development.getByRole("button", { name: "Link" }).click();
  await expect(development.getByRole("link", { name: "Server side" })).toBeVisible();
  const { datastreams } = (await api("/api/datastreams")) as { datastreams: DatastreamInfo[] };
  const stream = datastreams.find((d) => d.propertyId === webPid && d.stage === "development")!;
  expect(stream.forwarding?.propertyId).toBe(edgePid);
  await expectCleanAtBothWidths();
  await shoot("environments-forwarding");
  // The forwarding property's own page names the datastream that sends to it.
  await page.goto(prop(edgePid, "forwarding"));
  await expect(page.getByRole("region", { name: "Datastreams sending here" })).toContainText(
    stream.id,
  );
});

test("the Deliveries page opens, axe-clean and fitting a phone", async () => {
  await page.goto(prop(edgePid, "deliveries"));
  await expect(page.getByRole("heading", { name: "Deliveries", level: 1 })).toBeVisible();
  await expect(page.getByText("Nothing sent yet.", { exact: false })).toBeVisible();
  await page.getByLabel("Show").selectOption("dead");
  await expect(page.getByText("No dead letters.")).toBeVisible();
  await expectCleanAtBothWidths();
  await shoot("deliveries-empty");
});

test("no console errors along the way", () => {
  expect(errors).toEqual([]);
});
