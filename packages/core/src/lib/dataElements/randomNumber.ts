/** Core data element "Random Number": an integer in [min, max]; NaN when min > max. */
export default function randomNumber(settings: { min?: number; max?: number }): number {
  const min = Math.ceil(Number(settings.min ?? 0));
  const max = Math.floor(Number(settings.max ?? 1000000000));
  if (min > max) return NaN;
  return Math.floor(Math.random() * (max - min + 1)) + min;
}
