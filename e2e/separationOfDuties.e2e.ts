import type { AuditEntry, LibraryInfo, SessionInfo } from "@liftoff/schema";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser, signedInPage } from "./demoStudio.ts";
import { startServer, type RunningServer } from "./startServer.ts";

// Separation of duties in the demo (`liftoff serve --demo` turns it on): the admin submits a
// library and cannot approve it, the studio saying why and who can; an approver approves it.
// With the setting turned off, approving one's own library asks first, saying so.
test.describe.configure({ mode: "serial" });

const password = "sod-e2e-admin-1";
const pid = "PRpcmarketing";
const shots = process.env.LIFTOFF_SHOTS;
let server: RunningServer;
let admin: Page;
let ana: Page;
const errors: string[] = [];

const open = (browser: Browser, username: string, secret: string) =>
  signedInPage(browser, server.origin, username, secret, errors);

/** Screenshots at 1,440 × 900 and 390 × 844 when LIFTOFF_SHOTS names a folder. */
async function shoot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

const prop = (path: string) => `${server.origin}/studio/properties/${pid}/${path}`;

/** Creates a library in the studio, builds and submits it; resolves on its page. */
async function createAndSubmit(page: Page, name: string) {
  await page.goto(prop("libraries"));
  const form = page.getByRole("form", { name: "New library" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Create library" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: `Build to development: ${name}` }).click();
  await expect(page.getByRole("button", { name: `Submit for approval: ${name}` })).toBeEnabled();
  const submitted = page.waitForResponse((r) => r.url().endsWith("/submit"));
  await page.getByRole("button", { name: `Submit for approval: ${name}` }).click();
  expect((await submitted).status()).toBe(200);
}

const step = (page: Page, name: string) => page.waitForResponse((r) => r.url().endsWith(name));

test.beforeAll(async ({ browser }) => {
  server = await startServer(
    ["--demo", "--demo-port", "0", "--data", mkdtempSync(join(tmpdir(), "liftoff-sod-e2e-"))],
    { LIFTOFF_ADMIN_PASSWORD: password, LIFTOFF_LOG_LEVEL: "warn" },
  );
  admin = await open(browser, "admin", password);
  await createUser(admin, server.origin, {
    username: "ana",
    password: "ana-the-approver-1",
    role: "approver",
  });
  ana = await open(browser, "ana", "ana-the-approver-1");
});
test.afterAll(async () => {
  await admin?.context().close();
  await ana?.context().close();
  await server?.stop();
});

test("the demo requires another approver: the admin submits and cannot approve; an approver does", async () => {
  await admin.goto(prop("settings"));
  const setting = admin.getByRole("checkbox", { name: "Approver must differ from the submitter" });
  await expect(setting).toBeChecked();
  await expect(setting).toBeEnabled();
  await shoot(admin, "settings-admin");

  await createAndSubmit(admin, "Spring campaign");
  await expect(admin.getByText(/Submitted by admin/)).toBeVisible();
  const approve = admin.getByRole("button", { name: "Approve: Spring campaign" });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription(
    "You submitted this library; another approver must approve it (a user with the approver or admin role other than you).",
  );
  await expect(admin.getByRole("button", { name: "Reject: Spring campaign" })).toBeEnabled();
  await shoot(admin, "library-own-submission");
  await admin.goto(prop("libraries"));
  await expect(
    admin.getByRole("article", { name: "Spring campaign" }).getByText(/submitted by admin/),
  ).toBeVisible();
  await shoot(admin, "libraries-list");

  // The server refuses it too, whatever the studio shows.
  const library = (
    (await (
      await admin.request.get(`${server.origin}/api/properties/${pid}/libraries`)
    ).json()) as LibraryInfo[]
  ).find((l) => l.name === "Spring campaign")!;
  const session = (await (
    await admin.request.get(`${server.origin}/api/session`)
  ).json()) as SessionInfo;
  const refused = await admin.request.post(
    `${server.origin}/api/properties/${pid}/libraries/${library.id}/approve`,
    { headers: { "x-csrf-token": session.csrfToken } },
  );
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { type: string }).type).toBe(
    "urn:liftoff:errors:api:approver-is-submitter",
  );

  // Ana, an approver, sees who submitted it and approves it with one click.
  await ana.goto(prop(`libraries/${library.id}`));
  await expect(ana.getByText(/Submitted by admin/)).toBeVisible();
  const approved = step(ana, "/approve");
  await ana.getByRole("button", { name: "Approve: Spring campaign" }).click();
  expect((await approved).status()).toBe(200);
  await expect(
    ana.getByRole("button", { name: "Publish to production: Spring campaign" }),
  ).toBeVisible();
  await shoot(ana, "library-approved-by-another");
  const audit = (await (
    await admin.request.get(`${server.origin}/api/audit?propertyId=${pid}`)
  ).json()) as AuditEntry[];
  expect(audit.find((e) => e.action === "library.approve" && e.target === library.id)?.user).toBe(
    "ana",
  );

  // Publishing frees staging for the next library.
  const published = step(ana, "/publish");
  await ana.getByRole("button", { name: "Publish to production: Spring campaign" }).click();
  await ana.getByRole("dialog").getByRole("button", { name: "Publish to production" }).click();
  expect((await published).status()).toBe(200);
});

test("with the setting off, approving one's own library asks first, saying so", async () => {
  await admin.goto(prop("settings"));
  await admin.getByRole("checkbox", { name: "Approver must differ from the submitter" }).uncheck();
  const saved = admin.waitForResponse((r) => r.url().endsWith("/settings"));
  await admin.getByRole("button", { name: "Save settings" }).click();
  expect((await saved).status()).toBe(200);

  await createAndSubmit(admin, "Summer campaign");
  await admin.getByRole("button", { name: "Approve: Summer campaign" }).click();
  const dialog = admin.getByRole("dialog", { name: "Approve “Summer campaign”?" });
  await expect(dialog).toContainText("You are approving your own library");
  await shoot(admin, "approve-own-confirmation");
  const approved = step(admin, "/approve");
  await dialog.getByRole("button", { name: "Approve" }).click();
  expect((await approved).status()).toBe(200);
  await expect(
    admin.getByRole("button", { name: "Publish to production: Summer campaign" }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});
