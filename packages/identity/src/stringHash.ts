/**
 * The 32-bit string hash the AMCV cookie stores for customer IDs (`MCCIDH`) and as its
 * settings prefix: `h = h * 31 + code`, wrapped to a signed 32-bit integer. A change of the
 * customer IDs changes the hash, which is what triggers a new `/id` call (reference §7).
 */
export default function stringHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return hash;
}
