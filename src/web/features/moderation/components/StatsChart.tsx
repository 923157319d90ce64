import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ModerationStatsDay } from '../../../../shared/api.js';

export interface ChartSeries {
  key: keyof Omit<ModerationStatsDay, 'date'>;
  label: string;
  color: string;
}

const HEIGHT = 220;

/**
 * One line chart of a few daily counts (uPlot: a small, maintained canvas chart library,
 * in this lazily loaded chunk only). The canvas is hidden from screen readers: the
 * dashboard's table holds the same numbers.
 */
export function StatsChart({ days, series, title }: { days: ModerationStatsDay[]; series: ChartSeries[]; title: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Canvas takes no CSS variables: the axes use the text colour the page has now.
    const ink = getComputedStyle(element).color;
    const grid = { stroke: 'rgba(128, 128, 128, 0.2)', width: 1 };
    const axis = { stroke: ink, grid, ticks: grid };
    const data: uPlot.AlignedData = [days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000), ...series.map((line) => days.map((day) => day[line.key]))];
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        cursor: { drag: { x: false, y: false } },
        legend: { show: true },
        scales: { y: { range: (_self, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
        axes: [axis, { ...axis, size: 40 }],
        series: [{ label: 'Day (UTC)' }, ...series.map((line) => ({ label: line.label, stroke: line.color, width: 2, points: { show: days.length <= 31 } }))],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series]);

  return (
    <figure className="grid min-w-0 gap-2">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <div ref={box} aria-hidden="true" data-testid="stats-chart" className="w-full min-w-0 overflow-hidden text-xs text-muted-foreground" />
    </figure>
  );
}
