/**
 * How far down the page the reader has seen, in percent (0–100). A page no taller than the
 * window counts as fully seen, so scroll rules fire on short pages too (spec §9).
 */
export default function scrollDepth(): number {
  const root = document.documentElement;
  const height = Math.max(root.scrollHeight, document.body ? document.body.scrollHeight : 0);
  const seen = window.scrollY + window.innerHeight;
  // Within a pixel of the end is the end: zoom and fractional scroll offsets never sum exactly.
  return seen >= height - 1 ? 100 : (seen / height) * 100;
}
