/** Longest label drawn under a bar; the legend (on hover) and the table show the whole text. */
export const MAX_LABEL_CHARS = 24;
/** Pixels between two rotated labels' baselines so they do not overlap (12 px text). */
const ROTATED_SPACING = 18;
const SIN45 = Math.SQRT1_2;

export const shorten = (label: string) =>
  label.length > MAX_LABEL_CHARS ? `${label.slice(0, MAX_LABEL_CHARS - 1)}…` : label;

export interface LabelLayout {
  /** Labels as drawn: shortened, and empty for the ones skipped to keep the rest readable. */
  drawn: string[];
  /** uPlot's label angle: 45 draws each label rising to end at its bar, down to the left. */
  rotate: number;
  /** Height of the label axis, from the widest drawn label. */
  xAxisSize: number;
  /** Width of the value axis, wide enough for the first rotated label to fit on the canvas. */
  yAxisSize: number;
}

/**
 * Where bar labels go, from the width of their text: level when each fits its bar's slot,
 * otherwise at 45° with an axis as tall as the widest label needs, every n-th label when the
 * bars are narrower than a line of text.
 */
export function layoutLabels(
  labels: readonly string[],
  plotWidth: number,
  measure: (text: string) => number,
): LabelLayout {
  const short = labels.map(shorten);
  const widest = Math.max(0, ...short.map(measure));
  const slot = plotWidth / Math.max(1, labels.length);
  if (widest + 8 <= slot) return { drawn: short, rotate: 0, xAxisSize: 32, yAxisSize: 50 };
  const every = Math.ceil(ROTATED_SPACING / slot);
  const drawn = short.map((label, i) => (i % every === 0 ? label : ""));
  return {
    drawn,
    rotate: 45,
    xAxisSize: Math.ceil(widest * SIN45 + 28),
    yAxisSize: Math.max(50, Math.ceil(widest * SIN45 - slot / 2 + 8)),
  };
}
