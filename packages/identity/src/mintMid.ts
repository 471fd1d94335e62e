/**
 * Mints a Marketing Cloud ID locally, used when `/id` fails or exceeds `loadTimeout`
 * (reference §7). Same shape as a server MID: 38 decimal digits, from the platform CSPRNG
 * so two visitors never collide by accident. The first digit is never 0, so servers that
 * parse MIDs as numbers keep all 38 digits.
 */
export default function mintMid(): string {
  const words = crypto.getRandomValues(new Uint32Array(38));
  let mid = "";
  for (const word of words) mid += mid ? word % 10 : 1 + (word % 9);
  return mid;
}
