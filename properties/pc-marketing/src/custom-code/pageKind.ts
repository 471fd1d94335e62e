/** A product page carries the product call-to-action row (spec §2). */
export function isProductPage(doc: Document): boolean {
  return doc.querySelector(".product-cta-row") !== null;
}

/** The 404 page: the page name contains page-not-found in any case (spec §2). */
export function isNotFoundPage(pageName: unknown): boolean {
  return typeof pageName === "string" && /page-not-found/i.test(pageName);
}
