/**
 * The page migrate-check uses when given none: it embeds the library the way Launch's embed
 * code does, and holds something for every kind of step (links, buttons, a form, content
 * taller than the window), plus an element for each simple selector the rules' events name
 * (`a.nav-link`, `#signup`, `form.quote`), so click and submit rules have something to fire on.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PropertyDocument } from "@liftoff/schema";

const SIMPLE = /^([a-z][a-z0-9]*)?((?:[#.][A-Za-z_][\w-]*)+)$|^([a-z][a-z0-9]*)$/;

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** Markup for one simple selector; undefined for anything more complex. */
export function elementFor(selector: string, eventPath: string): string | undefined {
  const match = SIMPLE.exec(selector.trim());
  if (!match) return undefined;
  const parts = match[2] ?? "";
  const id = /#([\w-]+)/.exec(parts)?.[1];
  const classes = [...parts.matchAll(/\.([\w-]+)/g)].map((m) => m[1]!);
  const tag = match[1] ?? match[3] ?? (eventPath.endsWith("/submit.js") ? "form" : "button");
  const attributes = `${id ? ` id="${escape(id)}"` : ""}${classes.length ? ` class="${escape(classes.join(" "))}"` : ""}`;
  const label = escape(selector);
  if (tag === "a")
    return `<a href="/migrate-check/${encodeURIComponent(id ?? classes[0] ?? "link")}"${attributes}>${label}</a>`;
  if (tag === "form")
    return `<form action="/migrate-check/form"${attributes}><input name="q" value="migrate-check" aria-label="${label}"><button type="submit">Send ${label}</button></form>`;
  if (tag === "button") return `<button type="button"${attributes}>${label}</button>`;
  if (["div", "span", "p", "li", "section", "img", "input"].includes(tag)) return undefined;
  return `<${tag}${attributes}>${label}</${tag}>`;
}

export function generatedPageHtml(doc: PropertyDocument, libraryPath: string): string {
  const elements = new Set<string>();
  for (const rule of doc.rules)
    for (const event of rule.events) {
      const selector = (event.settings as { elementSelector?: unknown } | undefined)
        ?.elementSelector;
      if (typeof selector !== "string") continue;
      const markup = elementFor(selector, event.modulePath);
      if (markup) elements.add(markup);
    }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Migrate check | Liftoff</title>
<script src="${escape(libraryPath)}" async></script></head>
<body>
<nav><a href="/">Home</a> <a href="/about">About</a> <a href="https://example.com/" target="_blank">Elsewhere</a></nav>
<main>
<h1>Migrate check</h1>
<button type="button">Menu</button>
<form action="/subscribe"><input name="email" value="user@example.com" aria-label="Email"><button type="submit">Subscribe</button></form>
${[...elements].join("\n")}
<div style="height: 3000px">Content taller than the window, to scroll.</div>
<footer><a href="/contact">Contact</a></footer>
</main>
</body></html>
`;
}

export interface GeneratedSite {
  url: string;
  close(): Promise<void>;
}

/** Serves the page at `/` on 127.0.0.1, any free port; everything else is 404. */
export async function startGeneratedSite(html: string): Promise<GeneratedSite> {
  const server: Server = createServer((request, response) => {
    if (request.url === "/" || request.url?.startsWith("/?")) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(html);
      return;
    }
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
