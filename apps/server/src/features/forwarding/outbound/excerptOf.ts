/** How much of an answer an attempt keeps, in characters. */
export const EXCERPT_CHARS = 1024;

/**
 * The first 1 KB of an answer as text, for the attempt log. `head` holds more than that (see
 * `sendPlanned`): secrets are masked before the cut, so none straddling it shows in part.
 */
export function excerptOf(head: Buffer, mask: (text: string) => string): string {
  const text = mask(new TextDecoder().decode(head));
  if (text.length <= EXCERPT_CHARS) return text;
  // Never end on half a surrogate pair.
  const last = text.charCodeAt(EXCERPT_CHARS - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? EXCERPT_CHARS - 1 : EXCERPT_CHARS);
}
