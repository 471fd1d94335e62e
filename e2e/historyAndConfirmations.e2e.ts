import type {
  ItemSaved,
  LibraryInfo,
  PropertyRule,
  PropertyState,
  Rule,
  SessionInfo,
} from "@liftoff/schema";
import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  approveAsSecondApprover,
  repoRoot,
  startServer,
  type RunningServer,
} from "./startServer.ts";

// Safe actions and history for people, against a real `liftoff serve --demo`: a rule's two
// actions are swapped, the change goes into a library, and publishing it asks first, listing
// what changes in production (Cancel publishes nothing); the history shows the swap as one
// move with labels and fits the window; the audit log and environments name the library.
test.describe.configure({ mode: "serial" });

const password = "history-e2e-admin-1";
const pid = "PRpcmarketing";
const libraryName = "Swap actions";
let server: RunningServer;
let page: Page;
let csrf = "";
let library: LibraryInfo;
let rule: Rule;
let swapRevision = 0;
let typeRevision = 0;

const studio = (path = "") => `${server.origin}/studio/${path}`;
const prop = (section: string) => studio(`properties/${pid}/${section}`);
const api = (path: string) => `${server.origin}/api/properties/${pid}${path}`;

async function call<T>(method: "GET" | "POST" | "PUT", path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(api(path), {
    method,
    headers: { "x-csrf-token": csrf },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The page fits the window: nothing scrolls sideways. */
async function fitsWindow(target: Page): Promise<void> {
  const widths = await target.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.inner);
}

test.beforeAll(async ({ browser }) => {
  server = await startServer(
    ["--demo", "--demo-port", "0", "--data", mkdtempSync(join(tmpdir(), "liftoff-history-e2e-"))],
    { LIFTOFF_ADMIN_PASSWORD: password, LIFTOFF_LOG_LEVEL: "warn" },
  );
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(studio());
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: "PC Marketing" })).toBeVisible();
  csrf = ((await (await page.request.get(`${server.origin}/api/session`)).json()) as SessionInfo)
    .csrfToken;

  const state = await call<PropertyState>("GET", "");
  const sendsEvent = (r: Rule) =>
    (r.actions ?? []).some((a) => a.modulePath.endsWith("/sendEvent.js"));
  rule = state.document.rules.find((r) => (r.actions ?? []).length >= 2 && sendsEvent(r))!;
  const revision = state.resources.find((r) => r.kind === "rule" && r.id === rule.id)!.revision;
  const [first, second, ...rest] = rule.actions!;
  // A rule's save answers that rule alone (ItemSaved), with its resource's new revision.
  const saved = await call<ItemSaved>("PUT", `/rules/${rule.id}`, {
    revision,
    rule: { ...rule, actions: [second, first, ...rest] },
  });
  swapRevision = saved.revision;
  // A second save changes one setting: the history names it by the form's label.
  const swapped = saved.item as PropertyRule;
  const retyped = await call<ItemSaved>("PUT", `/rules/${rule.id}`, {
    revision: saved.resource.revision,
    rule: {
      ...swapped,
      actions: swapped.actions.map((a) =>
        a.modulePath.endsWith("/sendEvent.js")
          ? { ...a, settings: { ...a.settings, type: "web.webinteraction.linkClicks" } }
          : a,
      ),
    },
  });
  typeRevision = retyped.revision;
  library = await call<LibraryInfo>("POST", "/libraries", {
    name: libraryName,
    resources: [{ kind: "rule", id: rule.id }],
  });
  await call<LibraryInfo>("POST", `/libraries/${library.id}/submit`);
  await approveAsSecondApprover(server.origin, password, pid, library.id);
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

test("publishing asks first and lists what changes; Cancel and Escape publish nothing", async () => {
  await page.goto(prop(`libraries/${library.id}`));
  const publish = page.getByRole("button", { name: `Publish to production: ${libraryName}` });
  await publish.click();
  const dialog = page.getByRole("dialog", { name: `Publish “${libraryName}” to production?` });
  await expect(dialog.getByRole("list", { name: "Changes in production" })).toHaveText(
    `Changed Rule “${rule.name}”`,
  );
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.screenshot({ path: join(repoRoot, ".reports/publish-confirm-1440.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsWindow(page);
  await page.screenshot({ path: join(repoRoot, ".reports/publish-confirm-390.png") });
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(publish).toBeFocused();

  await publish.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // Sentinel: the reload's requests are answered after any publish a click could have sent.
  await page.reload();
  await expect(page.getByRole("heading", { name: libraryName, level: 1 })).toBeVisible();
  await expect(page.locator(".state")).toHaveText("approved");
  expect((await call<LibraryInfo>("GET", `/libraries/${library.id}`)).state).toBe("approved");

  await publish.click();
  await dialog.getByRole("button", { name: "Publish to production" }).click();
  await expect(page.locator(".state")).toHaveText("published");
  expect((await call<LibraryInfo>("GET", `/libraries/${library.id}`)).state).toBe("published");
});

test("the history shows the swap as one move, by label, within the window", async () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(prop("revisions"));
    await page.getByRole("button", { name: `Changes in revision ${swapRevision}` }).click();
    const diff = page.getByLabel(`Changes from revision ${swapRevision - 1} to ${swapRevision}`);
    await expect(diff.getByRole("row", { name: /moved from place/ })).toHaveCount(1);
    await expect(diff.getByRole("rowheader").first()).toHaveText(/^Actions › /);
    await expect(diff).not.toContainText("actions[");
    await page.getByRole("button", { name: `Changes in revision ${typeRevision}` }).click();
    const retyped = page.getByLabel(`Changes from revision ${swapRevision} to ${typeRevision}`);
    await expect(retyped.getByRole("rowheader")).toHaveText(["Actions › Send event › Event type"]);
    await page.getByRole("button", { name: `Changes in revision ${swapRevision}` }).click();
    await fitsWindow(page);
    await page.screenshot({
      path: join(repoRoot, `.reports/history-diff-${viewport.width}.png`),
      fullPage: true,
    });

    await page.goto(prop(`rules/${rule.id}`));
    await page.getByText(/^History \(revision \d+\)/).click();
    const revisions = page.locator("ol.revisions > li");
    // The first revision against the current one: the move and the new event type.
    await revisions
      .last()
      .getByRole("button", { name: /^View r/ })
      .click();
    await expect(page.getByRole("row", { name: /moved from place/ })).toHaveCount(1);
    await expect(
      page.getByRole("rowheader", { name: "Actions › Send event › Event type" }),
    ).toBeVisible();
    await fitsWindow(page);
    await page.screenshot({
      path: join(repoRoot, `.reports/rule-history-${viewport.width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("the audit log and environments name the library and link to it", async () => {
  await page.goto(prop("audit"));
  const publishRow = page.getByRole("row").filter({ hasText: "library.publish" }).first();
  await expect(publishRow.getByRole("link", { name: libraryName })).toHaveAttribute(
    "href",
    `/studio/properties/${pid}/libraries/${library.id}`,
  );
  const ruleRow = page.getByRole("row").filter({ hasText: "rule.update" }).first();
  await expect(ruleRow.getByRole("link", { name: rule.name })).toBeVisible();
  await expect(page.getByRole("table")).not.toContainText(library.id);
  await fitsWindow(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsWindow(page);
  await page.screenshot({ path: join(repoRoot, ".reports/audit-390.png") });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto(prop("environments"));
  const production = page.getByRole("region", { name: /^Production/ });
  await production.getByRole("link", { name: libraryName }).click();
  await expect(page.getByRole("heading", { name: libraryName, level: 1 })).toBeVisible();
});
