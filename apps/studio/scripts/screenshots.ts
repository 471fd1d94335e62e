/**
 * Screenshots of the studio's main screens for docs/studio.md, taken in Debian Chromium
 * against a fresh `liftoff serve` (its empty state) and a fresh `liftoff serve --demo` (the
 * seeded insurance property), plus a page that sends a few events so the live stream, the
 * ECID view and reports have something to show.
 * Fails if any page logs a console error. Run `npm run screenshots` after `npm run build`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { EnvironmentInfo, LibraryInfo, PropertyState, SessionInfo } from "@liftoff/schema";
import { chromium, request, type APIRequestContext, type Page } from "@playwright/test";
import { launchOptions } from "../../../e2e/chromium.ts";
import { repoRoot, startServer } from "../../../e2e/startServer.ts";

// LIFTOFF_SHOTS_DIR: somewhere else (to compare with, or pick from, the committed shots).
const out = process.env.LIFTOFF_SHOTS_DIR ?? join(repoRoot, "docs/screenshots");
const password = "screenshots-admin-1";
const pid = "PRpcmarketing";

const server = await startServer(
  ["--demo", "--demo-port", "0", "--data", mkdtempSync(join(tmpdir(), "liftoff-shots-"))],
  {
    LIFTOFF_ADMIN_PASSWORD: password,
    LIFTOFF_LOG_LEVEL: "warn",
  },
);
const browser = await chromium.launch(launchOptions);
const errors: string[] = [];
try {
  await emptyShots();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  // The conflict shots answer 409 on purpose; Chromium logs that failed request.
  page.on(
    "console",
    (m) =>
      m.type() === "error" &&
      !/status of 409/.test(m.text()) &&
      errors.push(`${page.url()}: ${m.text()}`),
  );
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));

  await page.goto(`${server.origin}/studio/`);
  await shot(page, "sign-in");
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("link", { name: "PC Marketing" }).waitFor();
  await shot(page, "properties");

  // `named`: a cell the list shows once the module catalogue arrives (until then, module paths).
  const go = async (path: string, ready: string, named?: string) => {
    await page.goto(`${server.origin}/studio/properties/${pid}/${path}`);
    await page.getByRole("heading", { name: ready, exact: true }).first().waitFor();
    if (named) await page.getByRole("cell", { name: named, exact: true }).first().waitFor();
  };
  await go("rules", "Rules", "DOM Ready");
  await shot(page, "rules");
  await page.getByRole("link", { name: "All Pages - Page View" }).click();
  await page.getByRole("heading", { name: "All Pages - Page View" }).waitFor();
  // The window, not the whole page: the Save bar sticks to the window's bottom edge.
  await shot(page, "rule-editor");
  await go("data-elements", "Data elements", "Constant");
  await shot(page, "data-elements");
  await go("extensions", "Extensions");
  await shot(page, "extensions");

  // Send events from the demo site's home page, which loads the development library (rebuilt
  // for this server's port first), so the stream shows them. Its origin is the one the demo
  // datastreams accept.
  await buildForThisServer(context.request, server.origin);
  await go("events", "Events");
  await page.getByText("Live: waiting for new events").waitFor();
  const { datastreams } = (await (
    await context.request.get(`${server.origin}/api/datastreams`)
  ).json()) as { datastreams: Array<{ allowedOrigins: string[] }> };
  const site = await context.newPage();
  await site.goto(`${datastreams[0]!.allowedOrigins[0]!}/`);
  await page.locator("table.events tbody tr").first().waitFor({ timeout: 15_000 });
  await page.locator("table.events tbody tr button.link").first().click();
  await shot(page, "events");
  await go("libraries", "Publishing");
  await shot(page, "publishing");
  await page.getByRole("link", { name: "Edge origin for this server" }).click();
  await page.getByRole("heading", { name: /^Edge origin for this server/ }).waitFor();
  await shot(page, "library", true);
  await go("environments", "Environments");
  await shot(page, "environments");
  await go("reports", "Reports");
  // Every report answered: a drawn chart or its "no events" line.
  await page.waitForFunction(() => {
    const reports = [...document.querySelectorAll(".report")];
    return reports.length > 0 && reports.every((r) => r.querySelector(".uplot, p.muted"));
  });
  await shot(page, "reports", true);
  await go("revisions", "History");
  await shot(page, "history");
  const maria = await colleague(context.request, server.origin);
  await conflictShots(page, maria, server.origin);
  await page.goto(`${server.origin}/studio/audit`);
  await page.getByRole("heading", { name: "Audit log" }).waitFor();
  await shot(page, "audit");
  await page.goto(`${server.origin}/studio/users`);
  await page.getByRole("heading", { name: "Users" }).waitFor();
  await shot(page, "users");
  // Preview: the working state run on the demo home page in a tab of its own, and the panel.
  const preview = await startPreview(
    context.request,
    server.origin,
    `${datastreams[0]!.allowedOrigins[0]!}/`,
  );
  await site.goto(preview.link, { waitUntil: "load" });
  const previewPage = `${server.origin}/studio/properties/${pid}/preview/${preview.id}`;
  await page.goto(previewPage);
  await page.locator(".rule-run").first().waitFor({ timeout: 15_000 });
  await shot(page, "preview");
  // The same studio on a phone-sized screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await go("rules", "Rules", "DOM Ready");
  await shot(page, "narrow-rules");
  // The rule editor on a phone: collapsed components and the Save bar in view.
  await page.getByRole("link", { name: "All Pages - Page View" }).click();
  await page.getByRole("heading", { name: "All Pages - Page View" }).waitFor();
  await shot(page, "narrow-rule-editor");
  await go("libraries", "Publishing");
  await shot(page, "narrow-publishing");
  await page.goto(previewPage);
  await page.locator(".rule-run").first().waitFor({ timeout: 15_000 });
  await shot(page, "narrow-preview");
  await conflictShots(page, maria, server.origin, "narrow-");
  await maria.dispose();
} finally {
  await browser.close();
  await server.stop();
}
if (errors.length) {
  console.error(`console errors:\n${errors.join("\n")}`);
  process.exitCode = 1;
}

/** Starts a preview of the property's working state on `url`; answers its id and link. */
async function startPreview(
  request: APIRequestContext,
  origin: string,
  url: string,
): Promise<{ id: string; link: string }> {
  const session = (await (await request.get(`${origin}/api/session`)).json()) as {
    csrfToken: string;
  };
  const res = await request.post(`${origin}/api/properties/${pid}/previews`, {
    headers: { "x-csrf-token": session.csrfToken },
    data: { url },
  });
  if (res.status() !== 201) throw new Error(`preview: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: string; link: string };
}

/**
 * Makes sure the seeded property's Web SDK and identity service point at this server (saving
 * them only changes something for a server started elsewhere), then builds a library to
 * development (the publishing and library shots show it); returns its embed code. Uses
 * the browser context's request client, so it shares the signed-in session cookie.
 */
async function buildForThisServer(request: APIRequestContext, origin: string): Promise<string> {
  const session = (await (await request.get(`${origin}/api/session`)).json()) as SessionInfo;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await request.fetch(origin + path, {
      method,
      headers: { "x-csrf-token": session.csrfToken },
      data: body,
    });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const base = `/api/properties/${pid}`;
  let state = await call<PropertyState>("GET", base);
  const host = new URL(origin).host;
  type Entry = Record<string, unknown>;
  for (const ext of state.document.extensions) {
    const settings = ext.settings ?? {};
    if (ext.name === "web-sdk") {
      for (const instance of settings.instances as Entry[]) instance.edgeOrigin = origin;
    } else if (ext.name === "identity") {
      for (const variable of settings.variables as Entry[])
        if (String(variable.name).startsWith("marketingCloudServer")) variable.value = host;
    } else {
      continue;
    }
    const revision = state.resources.find((r) => r.kind === "extension" && r.id === ext.name)!;
    state = await call<PropertyState>("PUT", `${base}/extensions/${ext.name}`, {
      revision: revision.revision,
      extension: ext,
    });
  }
  const envs = await call<EnvironmentInfo[]>("GET", `${base}/environments`);
  const dev = envs.find((e) => e.stage === "development")!;
  const library = await call<LibraryInfo>("POST", `${base}/libraries`, {
    name: "Edge origin for this server",
    environmentId: dev.id,
    addAllChanged: true,
  });
  await call<LibraryInfo>("POST", `${base}/libraries/${library.id}/build`);
  return dev.embedCode;
}

/**
 * A second user, an editor signed in with her own session, whose saves stage the conflicts
 * (and whom the users page lists).
 */
async function colleague(admin: APIRequestContext, origin: string): Promise<APIRequestContext> {
  const session = (await (await admin.get(`${origin}/api/session`)).json()) as SessionInfo;
  const user = { username: "maria", password: "screenshots-editor-1", role: "editor" };
  const created = await admin.post(`${origin}/api/users`, {
    headers: { "x-csrf-token": session.csrfToken },
    data: user,
  });
  if (!created.ok()) throw new Error(`POST /api/users: ${created.status()}`);
  const api = await request.newContext();
  const signIn = await api.post(`${origin}/api/session`, { data: user });
  if (!signIn.ok()) throw new Error(`sign-in as ${user.username}: ${signIn.status()}`);
  return api;
}

/**
 * A rule someone else saved while this page had edits: the conflict view, then the rule's
 * history after a save of our own.
 */
async function conflictShots(page: Page, theirs: APIRequestContext, origin: string, prefix = "") {
  const session = (await (await theirs.get(`${origin}/api/session`)).json()) as SessionInfo;
  const base = `${origin}/api/properties/${pid}`;
  const state = (await (await theirs.get(base)).json()) as PropertyState;
  const rule = state.document.rules.find((r) => r.name === "Email Link Click")!;
  await page.goto(`${origin}/studio/properties/${pid}/rules/${encodeURIComponent(rule.id)}`);
  await page.getByRole("heading", { name: "Email Link Click", level: 1 }).waitFor();
  // Our edits come first: without them the page would take their save at once.
  await page.getByLabel("Name", { exact: true }).fill("Email Link Click (mailto)");
  await page.getByLabel("Notes").fill("Counts mailto: links in the footer and the contact page");
  const revision = state.resources.find((r) => r.id === rule.id)!.revision;
  // They change the notes and the Send event's XDM; we change the name and the notes: one row
  // each keeps its side's change, and the notes wait for a choice.
  const actions = rule.actions.map((a) =>
    a.modulePath.endsWith("/sendEvent.js")
      ? { ...a, settings: { ...a.settings, xdm: `%XDM email link${prefix ? " (tel)" : ""}%` } }
      : a,
  );
  const saved = await theirs.put(`${base}/rules/${rule.id}`, {
    headers: { "x-csrf-token": session.csrfToken },
    data: {
      revision,
      rule: {
        ...rule,
        description: prefix ? "Mailto and tel links" : "Mailto links only",
        actions,
      },
    },
  });
  if (!saved.ok()) throw new Error(`PUT rule: ${saved.status()}`);
  await page.getByText("maria saved a newer revision").waitFor();
  await page.getByRole("button", { name: "Save rule" }).click();
  await page.getByRole("alert", { name: "Edit conflict" }).waitFor();
  await shot(page, `${prefix}conflict`);
  await page.getByRole("button", { name: "Keep theirs" }).click();
  // A second save of our own, so the history lists more than the seed and one change.
  await page.getByLabel("Notes").fill(prefix ? "Mailto and tel links." : "Mailto links only.");
  await page.getByRole("button", { name: "Save rule" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: /^Saved$/ })
    .waitFor();
  await page.getByText(/^History \(revision/).click();
  await page.getByRole("button", { name: /^View r1/ }).click();
  await page.locator("details.history table").waitFor();
  // The history sits below the form: the window scrolled to it, as a reader would see it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await shot(page, `${prefix}rule-history`);
}

/** A start without --demo: the properties page with nothing yet, wide and on a phone. */
async function emptyShots(): Promise<void> {
  const empty = await startServer(["--data", mkdtempSync(join(tmpdir(), "liftoff-empty-"))], {
    LIFTOFF_ADMIN_PASSWORD: password,
    LIFTOFF_LOG_LEVEL: "warn",
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    page.on("console", (m) => m.type() === "error" && errors.push(`${page.url()}: ${m.text()}`));
    page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
    await page.goto(`${empty.origin}/studio/`);
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "No properties yet" }).waitFor();
    await shot(page, "properties-empty");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "narrow-properties-empty", true);
  } finally {
    await context.close();
    await empty.stop();
  }
}

/**
 * The window, or with `whole` a window as tall as the page from its top: a full-page capture
 * would leave the sticky side navigation and Save bar where the scroll position put them.
 * The height is read once: the side navigation is as tall as the window below the top bar,
 * so a taller window always makes the page taller again.
 */
async function shot(page: Page, name: string, whole = false) {
  // Every query in view answered: QueryState and lazy parts show `.loading` until then (a
  // closed History keeps one, hidden, for a query it has not started).
  await page.waitForFunction(() =>
    [...document.querySelectorAll(".loading")].every((e) => !e.checkVisibility()),
  );
  const size = page.viewportSize()!;
  if (whole) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: size.width, height });
    await page.evaluate(
      // Two frames: the new size is laid out and painted before the capture.
      () =>
        new Promise((done) => {
          scrollTo(0, 0);
          requestAnimationFrame(() => requestAnimationFrame(done));
        }),
    );
  }
  await page.screenshot({ path: join(out, `${name}.png`) });
  if (whole) await page.setViewportSize(size);
  console.log(relative(repoRoot, join(out, `${name}.png`)));
}
