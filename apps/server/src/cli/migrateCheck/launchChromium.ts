/**
 * Chromium for migrate-check, through Playwright. Playwright is loaded only when the command
 * runs, so the server and the other commands work without it; when it is missing the error
 * names what to install. Chromium is the one in LIFTOFF_CHROMIUM, else the Debian package's
 * /usr/bin/chromium, else the build Playwright downloads (`npx playwright install chromium`).
 */
import { existsSync } from "node:fs";
import type * as Playwright from "playwright-core";
import type { Browser } from "playwright-core";

/** The flags the browser tests use: nothing runs in the background that would add requests. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const LAUNCH_TIMEOUT_MS = 30_000;

export class MissingBrowserError extends Error {}

function executablePath(): string | undefined {
  const given = process.env.LIFTOFF_CHROMIUM;
  if (given) {
    if (!existsSync(given))
      throw new MissingBrowserError(`LIFTOFF_CHROMIUM=${given}: no such file`);
    return given;
  }
  return existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
}

export default async function launchChromium(): Promise<Browser> {
  let playwright: typeof Playwright;
  try {
    playwright = await import("playwright-core");
  } catch {
    throw new MissingBrowserError(
      "migrate-check drives Chromium through Playwright, which is not installed: run `npm install playwright-core` where liftoff is installed",
    );
  }
  const path = executablePath();
  try {
    return await playwright.chromium.launch({
      headless: true,
      args: CHROMIUM_ARGS,
      timeout: LAUNCH_TIMEOUT_MS,
      ...(path ? { executablePath: path } : {}),
    });
  } catch (error) {
    throw new MissingBrowserError(
      `cannot start Chromium${path ? ` at ${path}` : ""}: ${(error as Error).message.split("\n")[0]}. Install Chromium (Debian: apt-get install chromium) and set LIFTOFF_CHROMIUM to its path, or run \`npx playwright install chromium\``,
    );
  }
}
