/**
 * Results of a pure function of text, kept by their input: the builder checks and minifies
 * every custom code function of a property on every build, though between two builds few of
 * them change (at 2,000 rules that repeated work was seconds). Bounded by the characters it
 * holds; the oldest entries leave first.
 */
export function textMemo<T>(
  compute: (text: string) => T,
  size: (value: T) => number,
  maxChars = 16 * 1024 * 1024,
): (text: string) => T {
  const kept = new Map<string, T>();
  let chars = 0;
  return (text) => {
    if (kept.has(text)) return kept.get(text)!;
    const value = compute(text);
    kept.set(text, value);
    chars += text.length + size(value);
    for (const [oldest, old] of kept) {
      if (chars <= maxChars) break;
      kept.delete(oldest);
      chars -= oldest.length + size(old);
    }
    return value;
  };
}
