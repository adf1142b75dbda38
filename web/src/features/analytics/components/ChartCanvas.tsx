import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only the parts the bar charts use are registered, so the rest of chart.js is left out of
// the bundle; this module is imported by the lazy analytics page alone.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface ChartCanvasProps {
  config: ChartConfiguration<'bar'>;
  /** What the chart shows in words, for screen readers (the table beside it has the figures). */
  summary: string;
}

/** A chart.js bar chart on a canvas, rebuilt when its configuration changes. */
export function ChartCanvas({ config, summary }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
