/**
 * Styling fix for pages whose path ends in business (spec §2): hide the play icons, and
 * narrow the hero banner image and the teasers on small and mid-size screens. Added as one
 * `<style>` element so it applies to content rendered later too; marked so it is added once.
 */
export function businessStyles(doc: Document): void {
  if (doc.getElementById("pc-business-styles")) return;
  const style = doc.createElement("style");
  style.id = "pc-business-styles";
  style.textContent =
    ".play-icon{display:none!important}" +
    "@media (max-width:1023px){.hero-banner img{width:100%;height:auto}.teaser{width:100%}}" +
    "@media (min-width:1024px) and (max-width:1200px){.hero-banner img{width:90%}.teaser{width:48%}}";
  doc.head.appendChild(style);
}

/**
 * On /pcg/contact-us the fourth teaser block must not be snippeted by search engines
 * (spec §2): Google reads `data-nosnippet` on the element.
 */
export function markNoSnippet(doc: Document): boolean {
  const teaser = doc.querySelectorAll(".teaser")[3];
  if (!teaser) return false;
  teaser.setAttribute("data-nosnippet", "");
  return true;
}
