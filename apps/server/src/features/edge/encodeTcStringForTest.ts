/**
 * Test helper: builds a TCF 2.x core segment with the given purpose and vendor consents
 * (bit-field vendor encoding), the inverse of decodeTcString's layout.
 */
export default function encodeTcStringForTest(purposes: number[], vendors: number[]): string {
  let bits = "";
  const put = (value: number, width: number) => {
    bits += value.toString(2).padStart(width, "0").slice(-width);
  };
  put(2, 6); // version
  put(0, 36);
  put(0, 36);
  put(7, 12); // cmp id
  put(1, 12);
  put(1, 6);
  put(0, 12);
  put(100, 12);
  put(4, 6);
  put(1, 1);
  put(0, 1);
  put(0, 12);
  for (let p = 1; p <= 24; p++) put(purposes.includes(p) ? 1 : 0, 1);
  put(0, 24);
  put(0, 1);
  put(0, 12);
  const max = Math.max(0, ...vendors);
  put(max, 16);
  put(0, 1);
  for (let v = 1; v <= max; v++) put(vendors.includes(v) ? 1 : 0, 1);
  while (bits.length % 8) bits += "0";
  const bytes = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  return bytes.toString("base64url");
}
