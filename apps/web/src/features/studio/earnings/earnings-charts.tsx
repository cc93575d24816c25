import type { EarningsMonth } from '@hfm/shared';
import type MonthChartType from '../../../components/month-chart';
import { lazy, Suspense } from 'react';
import { CHART_COLORS } from '../../../ui/chart-colors';
import { formatMonthShort } from '../../../ui/money';

// recharts is loaded only when the Earnings tab first draws its charts.
const MonthChart = lazy(() => import('../../../components/month-chart')) as unknown as typeof MonthChartType;

/** Subscribers, plays and earnings over the last twelve months, each with a table for screen readers. */
export function EarningsCharts({ series }: { series: EarningsMonth[] }) {
  const range = series.length
    ? `${formatMonthShort(series[0]!.month)} to ${formatMonthShort(series.at(-1)!.month)}`
    : '';
  return (
    <section className="earnings__charts" aria-label={`Last 12 months, ${range}`}>
      <Suspense fallback={<ChartsLoading />}>
        <MonthChart
          title={`Subscribers, ${range}`}
          months={series}
          series={[{ key: 'subscribers', label: 'Subscribers', color: CHART_COLORS.blue }]}
          unit="count"
          type="line"
        />
        <MonthChart
          title={`Plays, ${range}`}
          months={series}
          series={[{ key: 'plays', label: 'Plays', color: CHART_COLORS.green }]}
          unit="count"
        />
        <MonthChart
          title={`Earnings, ${range}`}
          months={series}
          series={[{ key: 'earningsCents', label: 'Earnings', color: CHART_COLORS.accent }]}
          unit="usd"
        />
      </Suspense>
    </section>
  );
}

function ChartsLoading() {
  return (
    <p className="earnings__charts-loading studio-muted" role="status">
      Loading charts...
    </p>
  );
}
