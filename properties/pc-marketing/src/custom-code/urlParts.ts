/** The last path segment of a URL without query or hash: `/docs/claim.pdf?x=1` → `claim.pdf`. */
export function fileName(url: unknown): string | undefined {
  if (typeof url !== "string" || url === "") return undefined;
  const path = url.split(/[?#]/)[0] || "";
  const last = path.split("/").pop();
  return last ? last : undefined;
}

/** The page URL without its query string and hash. */
export function urlWithoutQuery(location: { origin: string; pathname: string }): string {
  return location.origin + location.pathname;
}

/**
 * Kind of a clicked link for `web.webInteraction.type`: `download` for the spec's file
 * extensions (§9), `exit` for another host (`pageHost` is `location.host`, port included),
 * else `other`. Email and phone links are `other`.
 */
export function linkType(href: string, pageHost: string): "download" | "exit" | "other" {
  const file = (href.split(/[?#]/)[0] || "").toLowerCase();
  if (
    /\.(doc|docx|eps|xls|ppt|pptx|pdf|xlsx|tab|csv|zip|txt|vsd|vxd|xml)$/.test(file) &&
    /^https?:/.test(href)
  )
    return "download";
  const host = /^https?:\/\/([^/?#]+)/i.exec(href);
  return host && host[1]!.toLowerCase() !== pageHost.toLowerCase() ? "exit" : "other";
}

/** Condition of the exit-link rule: the clicked link leaves the site. */
export function isExitLink(type: unknown): boolean {
  return type === "exit";
}
