import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { layoutLabels } from "./chartLabels.ts";

const COLORS = ["#2563eb", "#db2777", "#16a34a", "#ea580c"];
const HEIGHT = 220;
/** uPlot's axis font, so measured label widths match what it draws. */
const FONT = "12px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

export interface UPlotChartProps {
  labels: string[];
  series: Array<{ name: string; values: Array<number | null> }>;
  timeSeries: boolean;
  title: string;
}

function measurer(): (text: string) => number {
  const context = document.createElement("canvas").getContext("2d");
  if (!context) return (text) => text.length * 7;
  context.font = FONT;
  return (text) => context.measureText(text).width;
}

/** Counts start at zero, so a bar's height is its value and 10 is not drawn twice 9. */
const fromZero: uPlot.Range.Function = (_u, _min, max) =>
  uPlot.rangeNum(0, Math.max(max, 1), 0.1, true);

function options(
  props: UPlotChartProps,
  width: number,
  onScale: (u: uPlot) => void,
): uPlot.Options {
  const { labels, series, timeSeries } = props;
  // Bars of several series would cover each other; bar charts show the first measure
  // (the table under the chart has them all).
  const shown = timeSeries ? series : series.slice(0, 1);
  const layout = layoutLabels(labels, width - 60, measurer());
  const bars = uPlot.paths.bars?.({ size: [0.6, 64] });
  return {
    hooks: { setScale: [onScale] },
    width,
    height: HEIGHT + (timeSeries ? 0 : layout.xAxisSize),
    scales: {
      x: timeSeries ? { time: true } : { time: false, range: () => [-0.5, labels.length - 0.5] },
      y: { range: fromZero },
    },
    axes: [
      timeSeries
        ? {}
        : {
            values: (_u, splits) => splits.map((i) => layout.drawn[i] ?? ""),
            splits: () => labels.map((_, i) => i),
            rotate: layout.rotate,
            size: layout.xAxisSize,
            font: FONT,
          },
      { size: timeSeries ? 50 : layout.yAxisSize },
    ],
    series: [
      // The legend shows the hovered bar's whole label, however short the axis drew it.
      timeSeries ? { label: "Day" } : { label: "Item", value: (_u, i) => labels[i] ?? "" },
      ...shown.map((s, i) => ({
        label: s.name,
        stroke: COLORS[i % COLORS.length],
        fill: timeSeries ? undefined : `${COLORS[i % COLORS.length]}66`,
        paths: timeSeries ? undefined : bars,
        points: { show: timeSeries },
      })),
    ],
  };
}

/**
 * uPlot (about 20 KB gzip) draws the report charts. It is imported only through
 * React.lazy (ReportCard), so it stays out of the initial JavaScript. Time series are
 * lines over days; everything else is bars over the label column. The value axis always
 * starts at zero; `data-y-min` on the chart says where uPlot put it, for tests.
 */
export default function UPlotChart(props: UPlotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const { labels, series, timeSeries, title } = props;
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const widthOf = () => Math.max(160, element.clientWidth);
    const xs = timeSeries
      ? labels.map((l) => Date.parse(l.length === 10 ? `${l}T00:00:00Z` : l) / 1000)
      : labels.map((_, i) => i);
    const shown = timeSeries ? series : series.slice(0, 1);
    const draw = () =>
      new uPlot(
        options({ labels, series, timeSeries, title }, widthOf(), (u) => {
          element.dataset.yMin = String(u.scales.y?.min);
        }),
        [xs, ...shown.map((s) => s.values)],
        element,
      );
    let chart = draw();
    // Label layout depends on the width, so a resize lays the chart out again.
    let width = widthOf();
    const resize = new ResizeObserver(() => {
      if (widthOf() === width) return;
      width = widthOf();
      chart.destroy();
      chart = draw();
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, series, timeSeries, title]);
  return <div ref={host} className="chart" role="img" aria-label={`Chart: ${title}`} />;
}
