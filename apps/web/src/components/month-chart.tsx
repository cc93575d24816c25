/**
 * A chart of values per month (recharts), with its text alternative: a visually hidden table of the same
 * numbers, which screen readers read instead of the drawing. Load it lazily (`lazy(() =>
 * import('./month-chart'))`): recharts is a large library, and only the earnings screens draw charts.
 */
import { formatUsd } from '@hfm/shared';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS } from '../ui/chart-colors';
import { formatCount, formatCountCompact, formatMonthLong, formatMonthName, formatMonthShort } from '../ui/money';
import './month-chart.css';

export interface ChartSeries<K extends string> {
  key: K;
  label: string;
  /** One of CHART_COLORS. */
  color: string;
}

export interface MonthChartProps<K extends string> {
  title: string;
  months: ({ month: string } & Record<K, number>)[];
  series: ChartSeries<K>[];
  /** `usd`: the values are cents, shown as dollars. */
  unit: 'usd' | 'count';
  type?: 'bar' | 'line';
  /** Bars of the series one on another (parts of a whole) rather than side by side. */
  stacked?: boolean;
}

const AXIS = { fill: CHART_COLORS.muted, fontSize: 12 };
const GRID = '#34303f';

export default function MonthChart<K extends string>({
  title,
  months,
  series,
  unit,
  type = 'bar',
  stacked = false,
}: MonthChartProps<K>) {
  const format = unit === 'usd' ? formatUsd : formatCount;
  const dollars = (value: number) => formatUsd(Math.round(value * 100));
  const axisValue =
    unit === 'usd' ? (value: number) => formatUsd(Math.round(value * 100), { compact: true }) : formatCountCompact;
  const tooltipValue = unit === 'usd' ? dollars : formatCount;
  // Twelve months read as month names (the title says which year); longer ranges name the year too.
  const axisMonth = months.length > 12 ? formatMonthShort : formatMonthName;
  // At most six month labels, evenly spaced and ending at the last month, whatever the chart's width.
  const step = Math.max(1, Math.ceil(months.length / 6));
  const ticks = months.filter((_, i) => (months.length - 1 - i) % step === 0).map((month) => month.month);
  // Money is drawn in dollars, so the axis steps in whole dollars rather than odd cents.
  const data =
    unit === 'usd'
      ? months.map((month) => ({
          ...month,
          ...Object.fromEntries(series.map((entry) => [entry.key, month[entry.key] / 100])),
        }))
      : months;
  const common = {
    data,
    responsive: true,
    accessibilityLayer: false,
    style: { width: '100%', height: 220 },
    margin: { top: 8, right: 16, bottom: 0, left: 0 },
  };
  const axes = [
    <CartesianGrid key="grid" stroke={GRID} vertical={false} />,
    <XAxis key="x" dataKey="month" tickFormatter={axisMonth} tick={AXIS} stroke={GRID} ticks={ticks} interval={0} />,
    <YAxis key="y" tickFormatter={axisValue} tick={AXIS} stroke={GRID} width={56} allowDecimals={false} />,
    <Tooltip
      key="tooltip"
      formatter={(value, name) => [tooltipValue(Number(value)), name]}
      labelFormatter={(month) => formatMonthLong(String(month))}
      contentStyle={{ background: '#221f2b', border: `1px solid ${GRID}`, borderRadius: 8 }}
      labelStyle={{ color: '#f5f3f7', fontWeight: 600 }}
      cursor={{ fill: 'rgb(255 255 255 / 6%)' }}
    />,
  ];
  return (
    <figure className="month-chart">
      <figcaption className="month-chart__title">{title}</figcaption>
      {series.length > 1 && (
        <ul className="month-chart__legend" aria-hidden="true">
          {series.map((entry) => (
            <li key={entry.key}>
              <span className="month-chart__swatch" style={{ background: entry.color }} />
              {entry.label}
            </li>
          ))}
        </ul>
      )}
      <div className="month-chart__plot" aria-hidden="true">
        {type === 'line' ? (
          <LineChart {...common}>
            {axes}
            {series.map((entry) => (
              <Line
                key={entry.key}
                dataKey={entry.key}
                name={entry.label}
                stroke={entry.color}
                strokeWidth={2}
                dot={{ r: 3, fill: entry.color }}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart {...common}>
            {axes}
            {series.map((entry) => (
              <Bar
                key={entry.key}
                dataKey={entry.key}
                name={entry.label}
                fill={entry.color}
                stackId={stacked ? 'stack' : undefined}
                radius={stacked ? 0 : [3, 3, 0, 0]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        )}
      </div>
      {/* In a hidden box: a table is never narrower than its text, so it cannot be the hidden box itself. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {series.map((entry) => (
                <th key={entry.key} scope="col">
                  {entry.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{formatMonthLong(month.month)}</th>
                {series.map((entry) => (
                  <td key={entry.key}>{format(month[entry.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
