/** "ends in 58 min" / "ends in 40 s" / "ended", from the session's expiry and the clock. */
export function endsIn(expiresAt: string, now: number): string {
  const left = Date.parse(expiresAt) - now;
  if (!(left > 0)) return "ended";
  if (left < 60_000) return `ends in ${Math.ceil(left / 1000)} s`;
  return `ends in ${Math.ceil(left / 60_000)} min`;
}
