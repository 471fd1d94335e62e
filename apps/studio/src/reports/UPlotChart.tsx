import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

const COLORS = ["#2563eb", "#db2777", "#16a34a", "#ea580c"];

export interface UPlotChartProps {
  labels: string[];
  series: Array<{ name: string; values: Array<number | null> }>;
  timeSeries: boolean;
  title: string;
}

/**
 * uPlot (about 20 KB gzip) draws the report charts. It is imported only through
 * React.lazy (ReportChart), so it stays out of the initial JavaScript. Time series are
 * lines over days; everything else is bars over the label column.
 */
export default function UPlotChart({ labels, series, timeSeries, title }: UPlotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const xs = timeSeries
      ? labels.map((l) => Date.parse(l.length === 10 ? `${l}T00:00:00Z` : l) / 1000)
      : labels.map((_, i) => i);
    const bars = uPlot.paths.bars?.({ size: [0.6, 64] });
    // Bars of several series would cover each other; bar charts show the first measure
    // (the table under the chart has them all).
    const shown = timeSeries ? series : series.slice(0, 1);
    const options: uPlot.Options = {
      width: Math.max(280, element.clientWidth),
      height: 220,
      title: undefined,
      scales: { x: { time: timeSeries } },
      axes: [
        timeSeries
          ? {}
          : {
              values: (_u, splits) => splits.map((i) => (labels[i] ?? "").slice(0, 18)),
              splits: () => labels.map((_, i) => i),
              rotate: labels.length > 6 ? -30 : 0,
              size: labels.length > 6 ? 70 : 40,
            },
        {},
      ],
      series: [
        { label: timeSeries ? "Day" : "Item" },
        ...shown.map((s, i) => ({
          label: s.name,
          stroke: COLORS[i % COLORS.length],
          fill: timeSeries ? undefined : `${COLORS[i % COLORS.length]}66`,
          paths: timeSeries ? undefined : bars,
          points: { show: timeSeries },
        })),
      ],
    };
    const chart = new uPlot(options, [xs, ...shown.map((s) => s.values)], element);
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(280, element.clientWidth), height: 220 }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, series, timeSeries]);
  return <div ref={host} className="chart" role="img" aria-label={`Chart: ${title}`} />;
}
