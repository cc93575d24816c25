import {
  ARTIST_CREDIT_CENTS,
  formatUsd,
  heldReasonText,
  isValidPeriod,
  NO_PAYOUT_COUNTS,
  latestOpenedPeriod,
  periodName,
  type AdminPayout,
  type PayoutRun,
  type PayoutRunLine,
  type RunPayoutsAnswer,
} from '@hfm/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../api/client';
import { isRunGoing, usePayoutRuns } from '../../../api/payouts/get-payout-runs';
import { usePeriodPayouts } from '../../../api/payouts/get-period-payouts';
import { usePayoutRunEndings } from '../../../api/payouts/run-endings';
import { usePlanPayouts, useStartPayoutRun } from '../../../api/payouts/run-payouts';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import './payouts-screen.css';
import { countOf } from '../../../ui/count-of';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** The month whose window is open or last opened: this month from the 22nd (UTC), else the last. */
export function defaultPeriod(now = new Date()): string {
  return latestOpenedPeriod(now);
}

const STATUS_TEXT: Record<AdminPayout['status'], string> = {
  paid: 'Paid',
  held: 'Held',
  failed: 'Failed',
  pending: 'Pending',
};

const OUTCOME_TEXT: Record<PayoutRunLine['outcome'], string> = {
  paid: 'Paid',
  already_paid: 'Paid before',
  held: 'Held',
  failed: 'Failed',
  pending: 'Pending',
  would_pay: 'Would pay',
  would_hold: 'Would hold',
};

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

/** /admin/#/payouts: a month's plan (dry run) and its payouts, running it (a job), and the recent runs. */
export function PayoutsScreen() {
  const [period, setPeriod] = useState(defaultPeriod);
  const [plan, setPlan] = useState<RunPayoutsAnswer | null>(null);
  /** The run this admin started (or joined) here: followed until it ends. */
  const [followed, setFollowed] = useState<PayoutRun | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const planning = usePlanPayouts();
  const starting = useStartPayoutRun();
  const runs = usePayoutRuns();
  const valid = isValidPeriod(period);
  const goingOfPeriod = runs.data?.find((entry) => entry.period === period && !entry.dryRun && isRunGoing(entry));
  // A run of the month already going when the page opens (another admin's, the schedule's) is followed too.
  if (goingOfPeriod && !followed) setFollowed(goingOfPeriod);
  const followedNow = followed ? (runs.data?.find((entry) => entry.id === followed.id) ?? followed) : null;
  const periodGoing = goingOfPeriod !== undefined;

  usePayoutRunEndings(runs.data, followedNow, (ended) => {
    if (ended.state === 'finished') toast.success(`The payout run of ${periodName(ended.period)} has finished.`);
    else toast.error(`The payout run of ${periodName(ended.period)} stopped.`);
  });

  async function preview() {
    setFailure(null);
    try {
      setPlan(await planning.mutateAsync(period));
    } catch (error) {
      setPlan(null);
      setFailure(failureText(error));
    }
  }

  async function start() {
    setFailure(null);
    setConfirming(false);
    try {
      const answer = await starting.mutateAsync(period);
      setPlan(null);
      setFollowed(answer.run);
      if (answer.alreadyRunning) toast.info(`A run of ${periodName(period)} is already going: it is shown below.`);
      else toast.success(`The payout run of ${periodName(period)} has started.`);
    } catch (error) {
      setFailure(failureText(error));
    }
  }

  return (
    <section className="admin-payouts" aria-labelledby="admin-payouts-title">
      <header className="admin-payouts__header">
        <h1 id="admin-payouts-title">Payouts</h1>
        <p>
          Artists are paid {formatUsd(ARTIST_CREDIT_CENTS)} per paid subscription-year on the 22nd of the month after
          each payment; the schedule runs each month by itself and catches up a month it missed. Artists without a
          payout account or a tax form are held and paid in full later. Running a month again pays nobody twice.
        </p>
      </header>

      <div className="admin-payouts__controls">
        <TextField
          label="Month"
          type="month"
          value={period}
          onChange={(event) => {
            setPeriod(event.target.value);
            setPlan(null);
            setFailure(null);
          }}
          error={valid ? undefined : 'Choose a month.'}
        />
        <Button variant="secondary" disabled={!valid} loading={planning.isPending} onClick={() => void preview()}>
          Preview (dry run)
        </Button>
        <Button
          disabled={!valid || starting.isPending || periodGoing}
          loading={periodGoing}
          onClick={() => setConfirming(true)}
        >
          Run payouts
        </Button>
      </div>
      {failure && (
        <p className="admin-payouts__failure" role="alert">
          {failure}
        </p>
      )}

      {followedNow && <RunProgress run={followedNow} />}
      {plan && <PlanResult plan={plan} />}
      {valid && <PeriodPayouts period={period} />}
      <RecentRuns query={runs} />

      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={`Pay artists for ${valid ? periodName(period) : 'this month'}?`}
        description="Each artist is paid what is due and unpaid, once, through the payment provider. Artists who cannot be paid yet are held. The run goes on in the background; this page shows when it ends."
        size="small"
        hideClose
      >
        <div className="admin-payouts__confirm">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button loading={starting.isPending} onClick={() => void start()}>
            Run payouts
          </Button>
        </div>
      </Modal>
    </section>
  );
}

const countsOf = (run: PayoutRun) => ({ ...NO_PAYOUT_COUNTS, ...run.counts });

/** The run started here: queued, running, then what it did (the month's payouts below are fetched again). */
function RunProgress({ run }: { run: PayoutRun }) {
  const counts = countsOf(run);
  return (
    <section className="surface-card admin-payouts__block" aria-labelledby="admin-payouts-progress">
      <h2 id="admin-payouts-progress">Run of {periodName(run.period)}</h2>
      {run.state === 'queued' || run.state === 'running' ? (
        <p className="admin-payouts__progress" role="status">
          <Spinner size="small" />
          {run.state === 'queued' ? 'Queued: waiting for a worker' : 'Running: paying artists'} (started{' '}
          {dateTime(run.startedAt)}). It goes on if you leave this page; this page shows when it ends.
        </p>
      ) : run.state === 'stopped' ? (
        <p className="admin-payouts__failure" role="alert">
          Stopped: {run.error ?? 'the run did not finish.'} Run the month again: nobody is paid twice.
        </p>
      ) : (
        <p className="admin-payouts__summary" role="status">
          Finished {run.finishedAt ? dateTime(run.finishedAt) : ''}: paid {countOf(counts.paid, 'artist')}{' '}
          {formatUsd(counts.paidCents)} · held {counts.held} ({formatUsd(counts.heldCents)}) · failed {counts.failed} ·
          pending {counts.pending} · paid before {counts.alreadyPaid}
        </p>
      )}
    </section>
  );
}

function PlanResult({ plan }: { plan: RunPayoutsAnswer }) {
  const { run, lines } = plan;
  const counts = countsOf(run);
  const partial = plan.artistsPlanned < plan.artistsTotal;
  return (
    <section className="surface-card admin-payouts__block" aria-labelledby="admin-payouts-result">
      <h2 id="admin-payouts-result">{`Plan for ${periodName(run.period)} (dry run: nothing paid)`}</h2>
      <p className="admin-payouts__summary">
        Would pay {countOf(counts.paid, 'artist')} {formatUsd(counts.paidCents)} · held {counts.held} (
        {formatUsd(counts.heldCents)}) · failed {counts.failed} · pending {counts.pending} · paid before{' '}
        {counts.alreadyPaid}
      </p>
      {partial && (
        <p className="admin-payouts__muted">
          This plan covers the first {plan.artistsPlanned.toLocaleString('en-US')} of the{' '}
          {countOf(plan.artistsTotal, 'artist')} the run looks at (each is a question to the payment provider); the run
          itself pays them all. The command line plans every artist:{' '}
          <code>npm run cli -- payouts --period {run.period} --dry-run</code>
        </p>
      )}
      {lines.length === 0 ? (
        <p className="admin-payouts__muted">Nobody is owed anything for this month.</p>
      ) : (
        <table className="data-table admin-payouts__table">
          <thead>
            <tr>
              <th scope="col">Artist</th>
              <th scope="col">Amount</th>
              <th scope="col">Outcome</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {[...lines]
              .sort((a, b) => a.artistName.localeCompare(b.artistName))
              .map((line) => (
                <tr key={line.artistID}>
                  <td data-label="Artist">{line.artistName}</td>
                  <td data-label="Amount">{formatUsd(line.amountCents)}</td>
                  <td data-label="Outcome">
                    <span className={`admin-payouts__badge admin-payouts__badge--${line.outcome}`}>
                      {OUTCOME_TEXT[line.outcome]}
                    </span>
                  </td>
                  <td data-label="Why">{line.heldReason ? heldReasonText[line.heldReason] : (line.message ?? '')}</td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function PeriodPayouts({ period }: { period: string }) {
  const query = usePeriodPayouts(period);
  const data = query.data;
  return (
    <section className="surface-card admin-payouts__block" aria-labelledby="admin-payouts-period">
      <h2 id="admin-payouts-period">Payouts of {periodName(period)}</h2>
      {query.isPending ? (
        <p className="admin-payouts__muted" role="status">
          Loading…
        </p>
      ) : !data ? (
        <p className="admin-payouts__muted">The month’s payouts could not be loaded.</p>
      ) : (
        <>
          <p className="admin-payouts__summary">
            Paid {formatUsd(data.totals.paidCents)} · held {formatUsd(data.totals.heldCents)} · failed{' '}
            {formatUsd(data.totals.failedCents)} · pending {formatUsd(data.totals.pendingCents)} · what was payable by{' '}
            {dateTime(data.cutoff)}
          </p>
          {data.payouts.length === 0 ? (
            <p className="admin-payouts__muted">No payouts for this month yet.</p>
          ) : (
            <table className="data-table admin-payouts__table">
              <thead>
                <tr>
                  <th scope="col">Artist</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {data.payouts.map((payout) => (
                  <tr key={payout.id}>
                    <td data-label="Artist">{payout.artistName}</td>
                    <td data-label="Amount">{formatUsd(payout.amountCents)}</td>
                    <td data-label="Status">
                      <span className={`admin-payouts__badge admin-payouts__badge--${payout.status}`}>
                        {STATUS_TEXT[payout.status]}
                      </span>
                    </td>
                    <td data-label="Detail">{payoutDetail(payout)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

function payoutDetail(payout: AdminPayout): string {
  switch (payout.status) {
    case 'paid':
      return payout.paidAt ? `Sent ${dateTime(payout.paidAt)}` : 'Sent';
    case 'held':
      return payout.heldReason ? heldReasonText[payout.heldReason] : '';
    case 'failed':
      return `${payout.failureMessage ?? 'Refused'} (attempt ${payout.attempt})`;
    case 'pending':
      return 'Waiting for the payment provider’s answer';
  }
}

function RecentRuns({ query }: { query: ReturnType<typeof usePayoutRuns> }) {
  const runs = query.data ?? [];
  return (
    <section className="surface-card admin-payouts__block" aria-labelledby="admin-payouts-runs">
      <h2 id="admin-payouts-runs">Recent runs</h2>
      {query.isPending ? (
        <p className="admin-payouts__muted" role="status">
          Loading…
        </p>
      ) : runs.length === 0 ? (
        <p className="admin-payouts__muted">No runs yet.</p>
      ) : (
        <table className="data-table admin-payouts__table">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Started</th>
              <th scope="col">By</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((entry) => (
              <tr key={entry.id}>
                <td data-label="Month">
                  {periodName(entry.period)}
                  {entry.dryRun ? ' (dry run)' : ''}
                </td>
                <td data-label="Started">{dateTime(entry.startedAt)}</td>
                <td data-label="By">{TRIGGER_TEXT[entry.trigger]}</td>
                <td data-label="Result">{runSummary(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const TRIGGER_TEXT: Record<PayoutRun['trigger'], string> = {
  schedule: 'Schedule',
  cli: 'Command line',
  admin: 'Admin',
};

function runSummary(run: PayoutRun): string {
  switch (run.state) {
    case 'queued':
      return 'Queued…';
    case 'running':
      return 'Running…';
    case 'stopped':
      return `Stopped: ${run.error ?? 'it did not finish'}`;
    case 'finished':
      break;
  }
  const counts = run.counts;
  const summary = `${run.dryRun ? 'Would pay' : 'Paid'} ${counts.paid ?? 0} (${formatUsd(counts.paidCents ?? 0)}) · held ${counts.held ?? 0} · failed ${counts.failed ?? 0} · pending ${counts.pending ?? 0}`;
  const { artistsPlanned, artistsTotal } = counts;
  const partial = artistsPlanned !== undefined && artistsTotal !== undefined && artistsPlanned < artistsTotal;
  return partial ? `${summary} (the first ${artistsPlanned} of ${countOf(artistsTotal, 'artist')})` : summary;
}
