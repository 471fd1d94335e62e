/**
 * The page name of the data layer (spec §3): the site name followed by the URL path segments,
 * joined by colons. Empty segments (double or trailing slashes) are skipped and segments are
 * URL-decoded, so `/pcg/contact-us/` gives `site:pcg:contact-us`. The home page is the site
 * name plus `home`.
 */
export default function pageName(siteName: string, pathname: string): string {
  const segments = pathname
    .split("/")
    .filter((s) => s !== "")
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .map((s) => s.replace(/\.html?$/i, ""));
  return [siteName, ...(segments.length > 0 ? segments : ["home"])].join(":");
}
