/** Unix time in whole seconds; the unit every AMCV expiry and `adobe_mc` timestamp uses. */
export default function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
