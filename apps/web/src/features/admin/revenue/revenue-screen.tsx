import { addMonths, formatUsd, monthOf, revenueQuery, type RevenueFigures, type RevenueReport } from '@hfm/shared';
import type MonthChartType from '../../../components/month-chart';
import { lazy, Suspense, useId, useState } from 'react';
import { revenueCsvUrl, useRevenue, type MonthRange } from '../../../api/earnings/get-revenue';
import { CHART_COLORS } from '../../../ui/chart-colors';
import { formatCount, formatMonthLong, formatMonthShort } from '../../../ui/money';
import { Spinner } from '../../../ui/spinner';
import './revenue.css';

// recharts is loaded only when the report first draws its charts.
const MonthChart = lazy(() => import('../../../components/month-chart')) as unknown as typeof MonthChartType;

/** The last twelve UTC months, this one included: the report's default range. */
export function defaultRange(now = new Date()): MonthRange {
  const to = monthOf(now);
  return { from: addMonths(to, -11), to };
}

/** Admin #/revenue: the ledger per UTC month for a range of months, with totals, charts and the CSV. */
export function RevenueScreen() {
  const [draft, setDraft] = useState<MonthRange>(defaultRange);
  const checked = revenueQuery.safeParse(draft);
  const errors = checked.success
    ? {}
    : Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  // The last valid range is the one shown: a half-typed month leaves the report as it was.
  const [range, setRange] = useState<MonthRange>(draft);
  const report = useRevenue(range);

  function change(field: keyof MonthRange, value: string) {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (revenueQuery.safeParse(next).success) setRange(next);
  }

  return (
    <section className="revenue" aria-labelledby="revenue-heading">
      <header className="revenue__header">
        <h1 id="revenue-heading">Revenue</h1>
        <a className="button button--secondary" href={revenueCsvUrl(range)} download>
          Download CSV
        </a>
      </header>
      <fieldset className="revenue__range">
        <legend>Months (UTC)</legend>
        <MonthField label="From" value={draft.from} error={errors.from} onChange={(value) => change('from', value)} />
        <MonthField label="To" value={draft.to} error={errors.to} onChange={(value) => change('to', value)} />
        {report.isFetching && (
          <span className="revenue__busy" role="status">
            <Spinner size="small" /> Loading...
          </span>
        )}
      </fieldset>
      {report.isError ? (
        <p className="error-box" role="alert">
          {report.error.message}
        </p>
      ) : report.data ? (
        <RevenueBody report={report.data} />
      ) : (
        <p className="revenue__loading" role="status">
          <Spinner size="small" /> Loading the report...
        </p>
      )}
    </section>
  );
}

function MonthField(props: { label: string; value: string; error?: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="revenue__field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="month"
        value={props.value}
        min="2000-01"
        placeholder="YYYY-MM"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error && (
        <span id={`${id}-error`} className="revenue__field-error">
          {props.error}
        </span>
      )}
    </div>
  );
}

function RevenueBody({ report }: { report: RevenueReport }) {
  const { totals } = report;
  const range = `${formatMonthShort(report.from)} to ${formatMonthShort(report.to)}`;
  return (
    <>
      <dl className="stat-grid revenue__totals" aria-label={`Totals, ${range}`}>
        <Total label="Gross" value={formatUsd(totals.grossCents)} />
        <Total label="Refunds and disputes" value={formatUsd(totals.refundsCents + totals.disputesCents)} />
        <Total label="Artists' share" value={formatUsd(totals.artistShareCents)} />
        <Total label="Provider fees" value={formatUsd(totals.providerFeesCents)} />
        <Total label="Platform" value={formatUsd(totals.platformCents)} />
        <Total
          label="Subscriptions"
          value={formatCount(totals.newSubscriptions + totals.renewals)}
          detail={`${formatCount(totals.newSubscriptions)} new, ${formatCount(totals.renewals)} renewed`}
        />
      </dl>
      <div className="revenue__charts">
        <Suspense
          fallback={
            <p className="revenue__loading" role="status">
              Loading charts...
            </p>
          }
        >
          <MonthChart
            title={`Gross, artists' share and provider fees, ${range}`}
            months={report.months}
            series={[
              { key: 'grossCents', label: 'Gross', color: CHART_COLORS.blue },
              { key: 'artistShareCents', label: "Artists' share", color: CHART_COLORS.accent },
              { key: 'providerFeesCents', label: 'Provider fees', color: CHART_COLORS.amber },
            ]}
            unit="usd"
          />
          <MonthChart
            title={`Subscriptions paid, ${range}`}
            months={report.months}
            series={[
              { key: 'newSubscriptions', label: 'New', color: CHART_COLORS.green },
              { key: 'renewals', label: 'Renewed', color: CHART_COLORS.blue },
            ]}
            unit="count"
            stacked
          />
        </Suspense>
      </div>
      <MonthTable report={report} />
    </>
  );
}

function Total({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>
        {value}
        {detail && <span className="stat__detail">{detail}</span>}
      </dd>
    </div>
  );
}

const COLUMNS: { key: keyof RevenueFigures; label: string; money: boolean }[] = [
  { key: 'grossCents', label: 'Gross', money: true },
  { key: 'refundsCents', label: 'Refunds', money: true },
  { key: 'disputesCents', label: 'Disputes', money: true },
  { key: 'artistShareCents', label: "Artists' share", money: true },
  { key: 'providerFeesCents', label: 'Provider fees', money: true },
  { key: 'platformCents', label: 'Platform', money: true },
  { key: 'newSubscriptions', label: 'New', money: false },
  { key: 'renewals', label: 'Renewed', money: false },
  { key: 'payoutsCents', label: 'Paid to artists', money: true },
];

function cell(figures: RevenueFigures, column: (typeof COLUMNS)[number]): string {
  return column.money ? formatUsd(figures[column.key]) : formatCount(figures[column.key]);
}

function MonthTable({ report }: { report: RevenueReport }) {
  const headingId = useId();
  return (
    <section className="revenue__months">
      <h2 id={headingId}>By month</h2>
      <div className="data-table-frame" role="region" aria-labelledby={headingId} tabIndex={0}>
        <table className="data-table revenue__table">
          <thead>
            <tr>
              <th scope="col">Month</th>
              {COLUMNS.map((column) => (
                <th key={column.key} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...report.months].reverse().map((month) => (
              <tr key={month.month}>
                <th scope="row">{formatMonthLong(month.month)}</th>
                {COLUMNS.map((column) => (
                  <td key={column.key}>{cell(month, column)}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {COLUMNS.map((column) => (
                <td key={column.key}>{cell(report.totals, column)}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
