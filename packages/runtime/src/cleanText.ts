/** Collapses runs of white space to one space and trims (data element `cleanText`). */
export default function cleanText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
