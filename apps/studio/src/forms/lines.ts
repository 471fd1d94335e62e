/** Lists edited one entry per line (domains, host allow lists). */
export const toLines = (list: readonly string[] | undefined): string => (list ?? []).join("\n");

export const fromLines = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
