import { PREVIEW_PARAM } from "@liftoff/schema";
import { apiProblems } from "../../http/apiProblems.ts";

/** The page a preview opens: an absolute http(s) address, else a 400 naming `url`. */
export function sitePage(url: string): URL {
  let page: URL;
  try {
    page = new URL(url);
  } catch {
    throw apiProblems.invalidField("url", "expected an absolute http(s) address of a site page");
  }
  if (page.protocol !== "http:" && page.protocol !== "https:")
    throw apiProblems.invalidField("url", `expected http or https, not ${page.protocol}`);
  if (page.username || page.password)
    throw apiProblems.invalidField("url", "expected an address without a user name or password");
  return page;
}

/**
 * The preview link of a page: `liftoff_preview=<id>` added to its query. The other
 * parameters and the hash stay exactly as written (appended as text, not re-encoded); a
 * preview parameter already there is replaced.
 */
export default function previewLink(page: URL, id: string): string {
  const link = new URL(page);
  if (link.searchParams.has(PREVIEW_PARAM)) link.searchParams.set(PREVIEW_PARAM, id);
  else link.search = `${link.search || "?"}${link.search ? "&" : ""}${PREVIEW_PARAM}=${id}`;
  return link.toString();
}
