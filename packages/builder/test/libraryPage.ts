import type { Page } from "@playwright/test";

export const ORIGIN = "https://site.test";

/**
 * Opens a page of a made-up site whose only script is `library` (embedded async, as Launch's
 * embed code does); every other request answers 404. Resolves with the list the page's
 * uncaught errors go to.
 */
export async function openLibraryPage(page: Page, library: string): Promise<string[]> {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url === `${ORIGIN}/page.html`)
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Quote Start</title><script src="/launch.min.js" async></script><body>`,
      });
    if (url === `${ORIGIN}/launch.min.js`)
      return route.fulfill({ contentType: "text/javascript", body: library });
    return route.fulfill({ status: 404, body: "" });
  });
  await page.goto(`${ORIGIN}/page.html`);
  return errors;
}
