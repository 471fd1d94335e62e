import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type RunningServer } from "./startServer.ts";

// The studio under its Content-Security-Policy (docs/server.md, Response headers), in
// Chromium against a real `liftoff serve --demo`: every main page works and nothing it does is
// refused — the sign-in page, rules, the rule editor with CodeMirror (its theme, completion
// list and lint markers), live events over SSE, reports drawn by uPlot, and a preview session
// with its QR code and stream. A violation is seen two ways: the `securitypolicyviolation`
// event and Chromium's console line ("Refused to … Content Security Policy").
test.describe.configure({ mode: "serial" });

const password = "csp-e2e-admin-1";
const pid = "PRpcmarketing";
let server: RunningServer;
let page: Page;
/** Violations reported by the page, except the checkpoints' own. */
const violations: string[] = [];
/** Console lines about the policy: each checkpoint's, and any real refusal. */
const policyLines: string[] = [];
/** Every other console error and uncaught exception. */
const errors: string[] = [];
let checkpoints = 0;
let sentinelsSeen = 0;

test.beforeAll(async ({ browser }) => {
  server = await startServer(
    ["--demo", "--demo-port", "0", "--data", mkdtempSync(join(tmpdir(), "liftoff-csp-e2e-"))],
    { LIFTOFF_ADMIN_PASSWORD: password, LIFTOFF_LOG_LEVEL: "warn" },
  );
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // A binding and an init script run through the DevTools protocol, outside the page's
  // policy, and the binding survives navigations.
  await page.exposeBinding("__liftoffCspViolation", (_source, text: string, sentinel: boolean) => {
    if (sentinel) sentinelsSeen++;
    else violations.push(`${page.url()}: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const target = event.target;
      const sentinel = target instanceof HTMLElement && target.dataset.cspSentinel === "yes";
      const report = (window as unknown as Record<string, (text: string, s: boolean) => void>)
        .__liftoffCspViolation!;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} at ` +
          `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        sentinel,
      );
    });
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) policyLines.push(`${page.url()}: ${m.text()}`);
    else if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

const prop = (section: string) => `${server.origin}/studio/properties/${pid}/${section}`;

/**
 * Proves the page has been refused nothing so far. A `<style>` without the nonce is added:
 * the policy must refuse it, and its report comes after any earlier one (the console lines
 * arrive in order), so once it is in, every earlier refusal would be too.
 */
async function expectNoViolation(where: string): Promise<void> {
  checkpoints++;
  const expected = checkpoints;
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.dataset.cspSentinel = "yes";
    style.textContent = "body { outline: 1px solid red; }";
    document.head.append(style);
  });
  await expect
    .poll(() => sentinelsSeen, { message: `${where}: the sentinel is refused` })
    .toBe(expected);
  await expect.poll(() => policyLines.length).toBeGreaterThanOrEqual(expected);
  expect(violations, where).toEqual([]);
  // One console line per checkpoint and not one more.
  expect(policyLines, where).toHaveLength(expected);
  // The sentinel's rule was not applied.
  expect(await page.evaluate(() => getComputedStyle(document.body).outlineStyle)).not.toBe("solid");
}

test("the studio's page is sent with the policy and the nonce it names", async () => {
  const response = await page.goto(`${server.origin}/studio/`);
  const policy = response!.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toContain("unsafe-inline");
  // The nonce in the policy is the one the page hands to CodeMirror.
  const nonce = await page.evaluate(
    () => document.querySelector<HTMLMetaElement>("meta[property=csp-nonce]")?.nonce,
  );
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
  await expect(page.getByLabel("Username")).toBeVisible();
  await expectNoViolation("sign-in page");
});

test("signing in and the rules list", async () => {
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: "PC Marketing" })).toBeVisible();
  await page.goto(prop("rules"));
  await expect(page.getByRole("cell", { name: "DOM Ready", exact: true }).first()).toBeVisible();
  await expectNoViolation("rules");
});

test("the rule editor's CodeMirror: themed, completing and linting", async () => {
  await page.getByRole("link", { name: "Data Layer", exact: true }).click();
  const action = page.getByRole("region", { name: /Action 1/ });
  const editor = action.locator(".cm-editor");
  await expect(editor).toBeVisible();
  // The theme CodeMirror writes into its nonce'd <style> is applied (unstyled, it is a block).
  await expect(editor).toHaveCSS("display", "flex");
  await expect(action.locator(".cm-gutters")).toHaveCSS("display", "flex");
  const code = action.getByRole("textbox", { name: "Source" });
  await code.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\nvar site = '%site");
  const completion = page.locator(".cm-tooltip-autocomplete");
  await expect(completion).toContainText("%site name%");
  await expect(completion).toHaveCSS("position", "fixed");
  await page.keyboard.press("Escape");
  // A stray brace: the lint gutter marks the syntax error with CodeMirror's data: SVG icon.
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n}");
  const marker = action.locator(".cm-lint-marker-error");
  await expect(marker).toBeVisible();
  await expect(marker).toHaveCSS("content", /^url\("data:image\/svg\+xml/);
  await expectNoViolation("rule editor");
});

test("live events arrive over the event stream", async () => {
  await page.goto(prop("events"));
  await expect(page.getByText("Live: waiting for new events")).toBeVisible();
  await sendPageViews();
  await expect(page.getByText(/^Live: \d+ new events?$/)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator("table.events tbody tr").first()).toBeVisible();
  await expectNoViolation("events");
});

test("reports draw their uPlot charts", async () => {
  await page.goto(prop("reports"));
  const chart = page.getByRole("img", { name: "Chart: Top pages" });
  await expect(chart).toBeVisible();
  const canvas = chart.locator("canvas").first();
  await expect(canvas).toBeVisible();
  // uPlot's stylesheet (a lazily loaded CSS file) is applied.
  await expect(page.locator(".uplot").first()).toHaveCSS("font-family", /.+/);
  const drawn = await canvas.evaluate((element: HTMLCanvasElement) => {
    const pixels = element.getContext("2d")!.getImageData(0, 0, element.width, element.height);
    return pixels.data.some((value, i) => i % 4 === 3 && value > 0);
  });
  expect(drawn).toBe(true);
  await expectNoViolation("reports");
});

test("a preview session: its panel, QR code and stream", async () => {
  const { datastreams } = (await (
    await page.request.get(`${server.origin}/api/datastreams`)
  ).json()) as { datastreams: Array<{ allowedOrigins: string[] }> };
  await page.goto(prop("preview"));
  await page.getByLabel("Page URL").fill(`${datastreams[0]!.allowedOrigins[0]!}/`);
  await page.getByRole("button", { name: "Start preview" }).click();
  await expect(page.getByRole("heading", { name: "Preview: Working state" })).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code of the preview link/ })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "What the page did" }).getByRole("status"),
  ).toHaveText(/^Live · /);
  await expectNoViolation("preview");
});

test("no other console error on any page", () => {
  expect(errors).toEqual([]);
});

/** Page views to the insurance property's production datastream, as its site sends them. */
async function sendPageViews(): Promise<void> {
  const { datastreams } = (await (
    await page.request.get(`${server.origin}/api/datastreams`)
  ).json()) as {
    datastreams: Array<{ id: string; propertyId: string; stage: string; allowedOrigins: string[] }>;
  };
  const stream = datastreams.find((d) => d.propertyId === pid && d.stage === "production")!;
  const events = ["pc:home", "pc:auto", "pc:home"].map((name) => ({
    xdm: {
      eventType: "web.webpagedetails.pageViews",
      web: { webPageDetails: { name, URL: `${stream.allowedOrigins[0]}/` } },
    },
  }));
  const res = await page.request.post(`${server.origin}/ee/v1/interact?configId=${stream.id}`, {
    headers: { "content-type": "text/plain", origin: stream.allowedOrigins[0]! },
    data: JSON.stringify({ events }),
  });
  expect(res.status()).toBe(200);
}
