import type { Page } from "./pages.ts";

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * One page as HTML. The library tag sits in <head> with `async`, as Launch's embed code;
 * without a library URL (a baseline for the page-cost benchmark) it is left out. The
 * do-not-sell flag (spec §6) is set on every page, the footer carries the link. The empty
 * icon keeps the browser from asking for a /favicon.ico the site does not have.
 */
export default function renderPage(page: Page, libraryUrl: string | undefined): string {
  const crumbs = page.breadcrumb
    ? `<nav class="breadcrumb" aria-label="Breadcrumb"><ol>${page.breadcrumb
        .map((c) => `<li>${escape(c)}</li>`)
        .join("")}</ol></nav>`
    : "";
  const pageData = page.pageData
    ? `window.pageDataManager = ${JSON.stringify(page.pageData)};`
    : "";
  const library = libraryUrl ? `<script src="${escape(libraryUrl)}" async></script>` : "";
  return `<!doctype html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escape(page.title)}</title>
<script>window.dnsFlag = true;${pageData}</script>
${library}
</head>
<body>
<header><a href="/">Example Insurance</a></header>
${crumbs}
<main>${page.body}</main>
<footer><a class="do-not-sell" href="#do-not-sell">Do Not Sell or Share My Personal Information</a></footer>
</body>
</html>`;
}
