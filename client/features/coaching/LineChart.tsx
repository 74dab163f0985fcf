import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  /** A CSS colour or a custom property of the theme (`--success`). */
  color: string;
  values: (number | null)[];
  format: (v: number) => string;
}

/** Tick steps of whole numbers (counts, dollars, percents): never a '0.5 member'. */
const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000,
];

const cssColor = (color: string) =>
  color.startsWith('--') ? getComputedStyle(document.documentElement).getPropertyValue(color).trim() : color;

/**
 * A small line chart (uPlot, canvas) over the buckets' start days. Resizes with its box; the figures are also in
 * the page's table, for screen readers and exact reading.
 */
export function LineChart({
  title,
  days,
  series,
  height = 180,
}: {
  title: string;
  days: string[];
  series: ChartSeries[];
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axisColor = cssColor('--muted-foreground');
    const gridColor = cssColor('--border');
    const axis = { stroke: axisColor, grid: { stroke: gridColor, width: 1 }, ticks: { show: false } };
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const format = series[0]?.format ?? String;
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height,
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true },
          y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max * 1.1)] },
        },
        axes: [
          {
            ...axis,
            // Every third bucket, ending on the current one.
            splits: () => xs.filter((_, i) => (xs.length - 1 - i) % 3 === 0),
            values: (_u, ticks) => ticks.map((t) => shortDay(t)),
          },
          { ...axis, size: 52, incrs: WHOLE_STEPS, values: (_u, ticks) => ticks.map((t) => format(t)) },
        ],
        series: [
          { label: 'From' },
          ...series.map((s) => ({
            label: s.label,
            stroke: cssColor(s.color),
            width: 2,
            points: { size: 5 },
            value: (_u: uPlot, v: number | null) => (v == null ? '-' : s.format(v)),
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, height]);
  return (
    <figure className="mt-4 rounded-2xl bg-card p-3">
      <figcaption className="mb-2 font-semibold text-sm">{title}</figcaption>
      <div ref={box} aria-hidden="true" className="w-full text-xs" />
    </figure>
  );
}

function shortDay(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
  });
}
