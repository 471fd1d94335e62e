/**
 * What a click is worth reporting, by alloy 2.26.0's rules (its ActivityCollector
 * component, checked against it in test/clickCollection.e2e.ts): the element that counts,
 * its absolute URL, its type (`download`, `exit` or `other`), its name and its region.
 * Quirks are kept because reports built on alloy's values depend on them: a `download`
 * attribute without a value is not a download, `mailto:`/`javascript:` URLs are rebuilt as
 * `mailto://<host>/<href>`, and `aria-label` never names a region (alloy reads it as a
 * property, which elements do not have).
 */
import type { Dict } from "./validate.ts";

/** alloy's "clicked element properties" (`filterClickDetails` receives this object). */
export interface ClickProps {
  clickedElement?: unknown;
  linkUrl?: string;
  linkType?: string;
  linkRegion?: string;
  linkName?: string;
  pageIDType?: number;
  pageName?: string;
  /** What `onBeforeLinkClickSend` left in place of the built XDM and data. */
  filteredXdm?: Dict;
  filteredData?: Dict;
}

/** alloy's default `downloadLinkQualifier`. */
export const DOWNLOADS = "\\.(exe|zip|wav|mp3|mov|mpg|avi|wmv|pdf|doc|docx|xls|xlsx|ppt|pptx)$";

/**
 * The DOM fields read, loosely typed as alloy reads them: any node or element, `href` may be
 * an SVGAnimatedString, `id` a form control named "id".
 */
interface Node {
  tagName?: string;
  nodeName: string;
  nodeValue: string | null;
  parentNode: Node | null;
  childNodes?: ArrayLike<Node>;
  href?: unknown;
  protocol?: string;
  host?: string;
  onclick?: unknown;
  src?: string;
  type?: string;
  download?: unknown;
  id?: unknown;
  role?: unknown;
  "aria-label"?: unknown;
  innerText?: string;
  textContent?: string | null;
  getAttribute?(name: string): string | null;
}

/** Whitespace runs to one space, trimmed; anything but a string (or "") reads as "". */
const squash = (text: unknown) =>
  typeof text === "string" ? text.replace(/\s+/g, " ").trim() : "";
/** Everything up to the first `?` or `#`, lower-cased. */
const bare = (url: string) => url.split(/[?#]/)[0]!.toLowerCase();

/** The nearest node a click counts on: a link, an element with an onclick, a submit control. */
const findClickable = (target: unknown) => {
  for (let node = target as Node | null; node; node = node.parentNode) {
    const tag = node.tagName;
    const type = tag === "INPUT" && node.getAttribute!("type");
    if (
      (node.href &&
        (tag === "A" || tag === "AREA") &&
        !(node.onclick && node.protocol && /javascript/i.test(node.protocol))) ||
      node.onclick ||
      type === "submit" ||
      (type === "image" && node.src) ||
      (tag === "BUTTON" && node.type === "submit")
    )
      return node;
  }
};

/** `href` made absolute as alloy does it (scheme-less hrefs get the link's protocol and host). */
const absoluteUrl = (node: Node, loc: Location): string => {
  const href = typeof node.href === "string" ? node.href : "";
  if (!href || /^[a-z0-9]+:\/\//i.test(href)) return href;
  const protocol = node.protocol || loc.protocol;
  const path =
    href[0] === "/" ? "" : loc.pathname.slice(0, Math.max(0, loc.pathname.lastIndexOf("/")));
  return `${protocol ? `${protocol}//` : ""}${node.host || loc.host}${path}/${href}`;
};

const linkType = (node: Node, url: string, qualifier: string, loc: Location) =>
  !url
    ? "other"
    : node.download || (qualifier && new RegExp(qualifier).test(bare(url)))
      ? "download"
      : loc.hostname && !bare(url).includes(loc.hostname.toLowerCase())
        ? "exit"
        : "other";

const SKIPPED = /^(SCRIPT|STYLE|LINK|CANVAS|NOSCRIPT|#COMMENT)$/i;

/**
 * The visible text; when there is none, or the link holds scripts, styles or comments, the
 * joined text nodes outside them, then the first alt, title, input value or image src.
 */
const linkName = (node: Node): string => {
  let name = squash(node.innerText || node.textContent);
  const nodes: Node[] = [];
  let skipped = false;
  const walk = (n: Node) => {
    if (n.nodeName && SKIPPED.test(n.nodeName)) {
      skipped = true;
    } else {
      nodes.push(n);
      Array.from(n.childNodes || []).forEach(walk);
    }
  };
  walk(node);
  if (!name || skipped) {
    const found: Record<string, string> = {};
    let text = "";
    for (const n of nodes) {
      if (n.getAttribute) {
        const tag = n.nodeName.toUpperCase();
        found.alt ||= squash(n.getAttribute("alt"));
        found.title ||= squash(n.getAttribute("title"));
        found.value ||= squash(tag === "INPUT" ? n.getAttribute("value") : "");
        found.src ||= squash(tag === "IMG" ? n.getAttribute("src") : "");
      }
      if (n.nodeValue) text += n.nodeValue;
    }
    name = squash(text) || found.alt || found.title || found.value || found.src || "";
  }
  return name;
};

/** The nearest ancestor's id or HEADER/MAIN/FOOTER/NAV, else `BODY`. */
const linkRegion = (node: Node): string => {
  for (let p = node.parentNode; p; p = p.parentNode) {
    const label = p["aria-label"];
    const region = squash(
      p.id ||
        (p.role === "region" && label) ||
        (/^(HEADER|MAIN|FOOTER|NAV)$/i.test(p.nodeName) ? p.nodeName : ""),
    );
    if (region) return region;
  }
  return "BODY";
};

/** The properties of a click on `target`; `{}` when nothing clickable was hit. */
export default function getClickDetails(
  target: unknown,
  qualifier: string,
  win: Window,
): ClickProps {
  const node = findClickable(target);
  if (!node) return {};
  const loc = win.location;
  const linkUrl = absoluteUrl(node, loc);
  return {
    clickedElement: target,
    linkUrl,
    linkType: linkType(node, linkUrl, qualifier, loc),
    linkRegion: linkRegion(node),
    linkName: linkName(node),
    pageIDType: 0,
    pageName: loc.href,
  };
}
