import toHex from "./toHex.ts";

/**
 * SHA-256 (FIPS 180-4) of bytes, as lowercase hex. Used only where `crypto.subtle` is absent —
 * it exists only in secure contexts, so plain-http pages need this fallback. Unlike Visitor
 * 5.5.0's bundled hash, which gives up on any char code above 255, the input is UTF-8 bytes,
 * so non-ASCII customer IDs hash the same way SubtleCrypto hashes them. Inputs up to 512 MB.
 */
const K: number[] = [];
const H0: number[] = [];

// The round constants are the first 32 bits of the fractional parts of the cube roots of
// the first 64 primes (H0: square roots of the first 8); computing them is smaller than
// shipping 72 literals.
for (let n = 2; K.length < 64; n++) {
  let prime = true;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false;
  if (prime) {
    if (H0.length < 8) H0.push(((n ** 0.5 % 1) * 2 ** 32) | 0);
    K.push(((Math.cbrt(n) % 1) * 2 ** 32) | 0);
  }
}

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

export default function sha256(bytes: Uint8Array): string {
  const length = bytes.length;
  // Big-endian 32-bit words: the bytes, the 0x80 terminator, zeros, the bit length.
  const words: number[] = Array<number>((((length + 8) >> 6) + 1) * 16).fill(0);
  for (let i = 0; i <= length; i++)
    words[i >> 2]! |= (i < length ? bytes[i]! : 0x80) << (24 - (i % 4) * 8);
  words[words.length - 1] = length * 8;
  const h = H0.slice();
  for (let j = 0; j < words.length; j += 16) {
    const w = words.slice(j, j + 16);
    const s = h.slice();
    for (let i = 0; i < 64; i++) {
      if (i > 15) {
        const x = w[i - 15]!;
        const y = w[i - 2]!;
        w[i] =
          (w[i - 16]! +
            (rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3)) +
            w[i - 7]! +
            (rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10))) |
          0;
      }
      const [a, b, c, d, e, f, g, hh] = s as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const t1 =
        hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!;
      const t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      s.pop();
      s.unshift((t1 + t2) | 0);
      s[4] = (d + t1) | 0;
    }
    s.forEach((v, i) => (h[i] = (h[i]! + v) | 0));
  }
  return toHex(h);
}
