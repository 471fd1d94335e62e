import { expect, type Browser, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type RunningServer } from "./startServer.ts";

export interface DemoStudio {
  server: RunningServer;
  /** Signed in as admin, at 1,440 × 900, the insurance property listed. */
  page: Page;
  /** Console errors and uncaught page errors, in order. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A real `liftoff serve --demo` on a fresh data folder and a Chromium page signed in to its
 * studio as admin: what a studio suite starts from. `name` keeps each suite's folder apart.
 */
export async function openDemoStudio(browser: Browser, name: string): Promise<DemoStudio> {
  const password = `${name}-e2e-admin-1`;
  const server = await startServer(
    ["--demo", "--demo-port", "0", "--data", mkdtempSync(join(tmpdir(), `liftoff-${name}-`))],
    { LIFTOFF_ADMIN_PASSWORD: password, LIFTOFF_LOG_LEVEL: "warn" },
  );
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${server.origin}/studio/`);
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: "PC Marketing" })).toBeVisible();
  return {
    server,
    page,
    errors,
    close: async () => {
      await page.close();
      await server.stop();
    },
  };
}

/**
 * A fresh browser context at 1,440 × 900 signed in to the studio at `origin` as `username`,
 * the demo property listed. Its console and page errors go to `errors`, named by the user.
 */
export async function signedInPage(
  browser: Browser,
  origin: string,
  username: string,
  password: string,
  errors: string[],
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && errors.push(`${username}: ${m.text()}`));
  page.on("pageerror", (e) => errors.push(`${username}: ${e.message}`));
  await page.goto(`${origin}/studio/`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: "PC Marketing" })).toBeVisible();
  return page;
}

/** Creates a user through the API with the signed-in admin page's session. */
export async function createUser(
  admin: Page,
  origin: string,
  user: { username: string; password: string; role: string },
): Promise<void> {
  const session = (await (await admin.request.get(`${origin}/api/session`)).json()) as {
    csrfToken: string;
  };
  const created = await admin.request.post(`${origin}/api/users`, {
    headers: { "x-csrf-token": session.csrfToken },
    data: user,
  });
  expect(created.status(), await created.text()).toBe(201);
}
