/**
 * Search-page flag (spec §2, §5): 1 only when the hidden form field `formType` exists,
 * otherwise undefined so nothing is sent.
 */
export function searchPageFlag(doc: Document): 1 | undefined {
  return doc.querySelector('input[name="formType"]') ? 1 : undefined;
}

/**
 * Search success (spec §5): on a search page (`q` present) 1 when an element with id
 * `totalCount` exists, 0 when it does not; undefined on any other page.
 */
export function searchSuccess(doc: Document): 0 | 1 | undefined {
  if (!new URLSearchParams(doc.location.search).has("q")) return undefined;
  return doc.getElementById("totalCount") ? 1 : 0;
}

/** The result count shown in `#totalCount`, as a number when it reads as one. */
export function searchResultCount(doc: Document): number | undefined {
  const element = doc.getElementById("totalCount");
  if (!element) return undefined;
  const count = Number((element.textContent || "").replace(/[^0-9.]/g, ""));
  return (element.textContent || "").trim() !== "" && isFinite(count) ? count : undefined;
}
