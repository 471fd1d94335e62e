/** The decoded value of one cookie, or undefined (what `cookie.get(name)` returns). */
export default function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split("; ")) {
    const at = part.indexOf("=");
    if (part.slice(0, at) === name) {
      try {
        return decodeURIComponent(part.slice(at + 1));
      } catch {
        return part.slice(at + 1);
      }
    }
  }
  return undefined;
}
