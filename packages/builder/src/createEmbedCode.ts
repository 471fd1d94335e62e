/**
 * The embed code a site pastes for one environment: an async script tag with the library URL,
 * as Launch gives it. The URL is validated so a typo never reaches a page.
 */
export default function createEmbedCode(libraryUrl: string): string {
  let url: URL;
  try {
    url = new URL(libraryUrl);
  } catch {
    throw new Error(`libraryUrl: expected an absolute URL, got ${JSON.stringify(libraryUrl)}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`libraryUrl: expected an http(s) URL, got ${JSON.stringify(libraryUrl)}`);
  }
  const src = url.href.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return `<script src="${src}" async></script>`;
}
