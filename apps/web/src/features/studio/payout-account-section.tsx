import {
  ARTIST_CREDIT_CENTS,
  COUNTRY_CODES,
  formatUsd,
  payoutRequirementLabel,
  type PayoutAccountStatus,
  type PublicArtist,
} from '@hfm/shared';
import { useState } from 'react';
import { useCreateAccountLink } from '../../api/payouts/create-account-link';
import { useCreatePayoutAccount } from '../../api/payouts/create-payout-account';
import { usePayoutAccount } from '../../api/payouts/get-payout-account';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import './payouts.css';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const COUNTRIES = COUNTRY_CODES.map((code) => ({ value: code, label: regionNames.of(code) ?? code })).sort((a, b) =>
  a.label.localeCompare(b.label),
);

/**
 * The studio's Payouts tab: the artist's payout account at the payment provider. None yet: "Set up payouts"
 * (the account is made, then the provider's onboarding opens). Started: what is still missing and "Continue
 * setup". Ready: where the money goes and the tax form on file, "Update details". As the spec says of connect
 * account calls, a failure is only logged.
 */
export function PayoutAccountSection({ artist }: { artist: PublicArtist }) {
  const query = usePayoutAccount(artist.id);
  const account = query.data?.account ?? null;
  return (
    <section className="surface-card payouts" aria-labelledby="payouts-heading">
      <h3 id="payouts-heading">Payouts</h3>
      <p className="studio-muted">
        You earn {formatUsd(ARTIST_CREDIT_CENTS)} for every paid subscription-year, paid to your bank account between
        the 22nd and 28th of the month after each payment. To be paid you need a payout account and a tax form (W-9 or
        W-8BEN) on file; until then your earnings wait for you, and are paid in full once you are set up.
      </p>
      {query.isPending ? (
        <p className="studio-muted" role="status">
          Loading…
        </p>
      ) : query.isError ? null : account === null ? (
        <SetUp artist={artist} />
      ) : account.ready ? (
        <Ready artist={artist} account={account} />
      ) : (
        <InProgress artist={artist} account={account} />
      )}
    </section>
  );
}

/** Opens the provider's onboarding (a fresh single-use link); a failure is logged, the button is ready again. */
function useOnboarding(artistId: string) {
  const link = useCreateAccountLink(artistId);
  const [opening, setOpening] = useState(false);
  async function open() {
    setOpening(true);
    try {
      const { url } = await link.mutateAsync();
      window.location.assign(url);
    } catch (error) {
      console.error('The payout setup link could not be made.', error);
      setOpening(false);
    }
  }
  return { open, opening };
}

function SetUp({ artist }: { artist: PublicArtist }) {
  const [country, setCountry] = useState('US');
  const create = useCreatePayoutAccount(artist.id);
  const onboarding = useOnboarding(artist.id);
  async function start() {
    try {
      await create.mutateAsync({ country });
    } catch (error) {
      console.error('The payout account could not be made.', error);
      return;
    }
    await onboarding.open();
  }
  return (
    <div className="payouts__state">
      <p>
        <strong>No payout account yet.</strong> Tell us where you are paid, then give your bank details and tax form to
        our payment provider.
      </p>
      <div className="payouts__start">
        <SelectField
          label="Country you are paid in"
          options={COUNTRIES}
          value={country}
          onChange={(event) => setCountry(event.target.value)}
          hint={country === 'US' ? 'You will complete a W-9.' : 'You will complete a W-8BEN.'}
        />
        <Button loading={create.isPending || onboarding.opening} onClick={() => void start()}>
          Set up payouts
        </Button>
      </div>
    </div>
  );
}

function InProgress({ artist, account }: { artist: PublicArtist; account: PayoutAccountStatus }) {
  const onboarding = useOnboarding(artist.id);
  const missing = [
    ...account.requirements.map(payoutRequirementLabel),
    ...(account.payoutsEnabled && !account.taxForm && !account.requirements.includes('tax_form')
      ? ['A tax form (W-9 or W-8BEN)']
      : []),
  ];
  return (
    <div className="payouts__state">
      <p>
        <strong>Payout setup is not finished.</strong> Your earnings wait until it is.
      </p>
      {missing.length > 0 && (
        <div>
          <p className="payouts__label">Still needed</p>
          <ul className="payouts__missing">
            {[...new Set(missing)].map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <Button loading={onboarding.opening} onClick={() => void onboarding.open()}>
          Continue setup
        </Button>
      </div>
    </div>
  );
}

function Ready({ artist, account }: { artist: PublicArtist; account: PayoutAccountStatus }) {
  const onboarding = useOnboarding(artist.id);
  return (
    <div className="payouts__state">
      <p>
        <strong>You are set up to be paid.</strong>
      </p>
      <dl className="payouts__facts">
        <div>
          <dt>Bank account</dt>
          <dd>
            {account.bankLast4
              ? `Ending ${account.bankLast4}`
              : account.provider === 'stripe'
                ? 'Stripe has your bank details'
                : 'On file'}
          </dd>
        </div>
        <div>
          <dt>Tax form</dt>
          <dd>{account.taxForm} on file</dd>
        </div>
      </dl>
      <div>
        <Button variant="secondary" loading={onboarding.opening} onClick={() => void onboarding.open()}>
          Update details
        </Button>
      </div>
    </div>
  );
}
