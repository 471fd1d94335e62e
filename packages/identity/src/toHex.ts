/** 32-bit words as lowercase hex, eight digits each (SHA-256 digests, SDIDs). */
export default function toHex(words: ArrayLike<number>): string {
  return Array.from(words, (w) => (w >>> 0).toString(16).padStart(8, "0")).join("");
}
