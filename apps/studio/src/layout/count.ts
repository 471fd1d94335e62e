/** A number with its noun: "1 problem", "3 problems" (`plural` for nouns not made with -s). */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
