import { describe, expect, it } from "vitest";
import { layoutLabels, MAX_LABEL_CHARS, shorten } from "./chartLabels.ts";

// 7 px per character, as a 12 px font roughly measures.
const measure = (text: string) => text.length * 7;

describe("chartLabels", () => {
  it("keeps short labels level, every one drawn", () => {
    expect(layoutLabels(["25%", "50%", "75%", "100%"], 400, measure)).toEqual({
      drawn: ["25%", "50%", "75%", "100%"],
      rotate: 0,
      xAxisSize: 32,
      yAxisSize: 50,
    });
  });

  it("turns long labels 45° with an axis as tall as the widest needs", () => {
    const labels = ["pc:home", "pc:insurance:auto:quote-start", "pc:about"];
    const layout = layoutLabels(labels, 300, measure);
    expect(layout.rotate).toBe(45);
    const widest = MAX_LABEL_CHARS * 7;
    expect(layout.xAxisSize).toBe(Math.ceil(widest * Math.SQRT1_2 + 28));
    expect(layout.drawn[1]).toBe("pc:insurance:auto:quote…");
    expect(layout.drawn[1]).toHaveLength(MAX_LABEL_CHARS);
    // Room on the left for the first label's rotated text.
    expect(layout.yAxisSize).toBeGreaterThanOrEqual(Math.ceil(7 * 7 * Math.SQRT1_2 - 50 + 8));
  });

  it("draws every n-th label when bars are narrower than a line of text", () => {
    const labels = Array.from({ length: 50 }, (_, i) => `page ${i}`);
    const layout = layoutLabels(labels, 300, measure);
    // 6 px per bar: one label in three keeps 18 px between them.
    expect(layout.drawn.filter(Boolean)).toHaveLength(17);
    expect(layout.drawn.slice(0, 4)).toEqual(["page 0", "", "", "page 3"]);
  });

  it("shortens only labels over the limit", () => {
    expect(shorten("a".repeat(MAX_LABEL_CHARS))).toBe("a".repeat(MAX_LABEL_CHARS));
    expect(shorten("a".repeat(MAX_LABEL_CHARS + 1))).toBe(`${"a".repeat(MAX_LABEL_CHARS - 1)}…`);
  });
});
