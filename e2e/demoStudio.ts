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
