import { expect, test } from "@playwright/test";
import { startServer, type RunningServer } from "./startServer.ts";

// The quick start in a real browser: the server `npm start` runs, its landing page and the
// studio, which calls back to /healthz.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

test("landing page links to the studio", async ({ page }) => {
  await page.goto(server.origin);
  await expect(page.getByRole("heading", { name: "Liftoff" })).toBeVisible();
  await page.getByRole("link", { name: "Studio" }).click();
  await expect(page).toHaveURL(/\/studio\/$/);
  await expect(page.getByRole("heading", { name: "Liftoff Studio" })).toBeVisible();
});

test("studio reports the server healthy, without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${server.origin}/studio/`);
  await expect(page.getByRole("status")).toHaveText(/Server OK, version \d+\.\d+\.\d+/);
  expect(errors).toEqual([]);
});
