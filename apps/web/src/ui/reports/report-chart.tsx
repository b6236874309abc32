import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface ChartSeries {
  /** The row's field holding the figure. */
  key: string;
  label: string;
  colour: string;
}

/** Colours that stay apart for the common colour blindnesses (Okabe–Ito), in the order series take them. */
export const CHART_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#555555'];

/**
 * A bar (stacked) or line chart of a report's figures (recharts). It is a picture for those who can see it: hidden
 * from assistive technology (`aria-hidden`, no keyboard stops) and described in words, with the same figures in the
 * table that follows it (`DataTable`), which is the accessible form.
 */
export function ReportChart<Row extends Record<string, unknown>>({
  title,
  description,
  kind = 'bar',
  rows,
  xKey,
  xLabel = (value) => value,
  series,
  format,
  axisFormat = format,
  height = 280,
  stacked = true,
}: {
  title: string;
  /** What the chart shows, in words (read out in its place). */
  description: string;
  kind?: 'bar' | 'line';
  rows: Row[];
  xKey: keyof Row & string;
  xLabel?: (value: string) => string;
  series: ChartSeries[];
  format: (value: number) => string;
  axisFormat?: (value: number) => string;
  height?: number;
  /** Bars stacked (parts of one whole, e.g. tenders) or side by side (e.g. joined beside cancelled). */
  stacked?: boolean;
}) {
  const descriptionId = useId();
  const common = {
    data: rows,
    margin: { top: 8, right: 16, bottom: 8, left: 8 },
    accessibilityLayer: false,
  };
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey={String(xKey)} tickFormatter={(value) => xLabel(String(value))} minTickGap={12} />,
    <YAxis key="y" tickFormatter={(value) => axisFormat(Number(value))} width={80} />,
    <Tooltip
      key="tip"
      formatter={(value) => format(Number(value))}
      labelFormatter={(value) => xLabel(String(value))}
    />,
    <Legend key="legend" />,
  ];
  return (
    <figure
      className="report-chart"
      aria-labelledby={`${descriptionId}-title`}
      aria-describedby={descriptionId}
    >
      <figcaption>
        <strong id={`${descriptionId}-title`}>{title}</strong>
        <span id={descriptionId} className="muted report-chart__description">
          {description} The table below gives the same figures.
        </span>
      </figcaption>
      <div className="report-chart__plot" aria-hidden="true" style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          {kind === 'bar' ? (
            <BarChart {...common}>
              {axes}
              {series.map((s) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  fill={s.colour}
                  stackId={stacked ? 'one' : undefined}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          ) : (
            <LineChart {...common}>
              {axes}
              {series.map((s) => (
                <Line
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  stroke={s.colour}
                  strokeWidth={2}
                  dot={rows.length <= 24}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
