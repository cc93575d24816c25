import { LEGAL, MAX_PREVIEW_SECONDS } from '@hfm/shared';
import { Link } from 'react-router';
import type { LegalDoc } from '../legal-types';
import { ChangesClause, ContactLink, DisputesClause, GoverningLawClause } from './shared-clauses';

export const licenseAgreement: LegalDoc = {
  title: 'Artist License Agreement',
  summary: (
    <p>
      This agreement is between you, the artist (“you”), and HFM (“HFM”, “we”). It says what rights you give HFM in the
      music you upload, what HFM pays you for them, and how either of us can end the arrangement. It works alongside the{' '}
      <Link to="/user-terms?tab=artist">Artist Terms of Use</Link>.
    </p>
  ),
  sections: [
    {
      id: 'license-grant',
      title: 'The licence you grant',
      body: (
        <>
          <p>While your account is active, you grant HFM a worldwide, non-exclusive licence to:</p>
          <ul>
            <li>store, copy and convert your recordings and artwork into the formats needed to deliver them;</li>
            <li>stream your music in full to your subscribers, and offer them downloads;</li>
            <li>
              play previews of up to {MAX_PREVIEW_SECONDS} seconds to anyone, and play in full the songs you choose to
              share in full;
            </li>
            <li>show your name, photos, artwork and bio on HFM and in HFM's promotion of your music;</li>
            <li>
              if you opt in to HFM Picks, include one of your tracks a month in the curated playlist, where subscribers
              may keep the full song, and in streaming-only HFM radio playlists.
            </li>
          </ul>
          <p>You keep ownership of your music. You may release it anywhere else you like.</p>
        </>
      ),
    },
    {
      id: 'license-ownership',
      title: 'Your promises about rights',
      body: (
        <>
          <p>
            You confirm that you own or control all rights in everything you upload, that HFM's use of it under this
            agreement will not infringe anyone's rights, and that you will pay any co-writers, performers, producers or
            other rights holders what you owe them.
          </p>
          <p>
            If someone brings a claim against HFM because this promise was not true, you agree to cover HFM's reasonable
            losses and costs arising from that claim.
          </p>
        </>
      ),
    },
    {
      id: 'license-fee',
      title: 'Licence fee',
      body: (
        <>
          <p>
            HFM pays you a licence fee of {LEGAL.licenceFeePerSubscriptionYear} per year per subscription to you, for
            every new subscription and every renewal. The fee is paid {LEGAL.payoutWindow}: we count the subscriptions
            of each month and pay you for them between the 22nd and 28th of the next month.
          </p>
          <p>
            For example, 1,000 subscribers bring you $5,000 per year. Fees are paid in US dollars to the payout account
            you connect.
          </p>
        </>
      ),
    },
    {
      id: 'license-tax',
      title: 'Tax forms and payout account',
      body: (
        <p>
          Before HFM makes any payment, you must complete a W-9 or W-8 tax form (W-9 for US persons, W-8 for others) and
          connect a payout account. Until both are in place, we hold what you have earned and pay it all in the next
          payment window after they are complete. We may withhold tax where the law requires.
        </p>
      ),
    },
    {
      id: 'license-provider-rights',
      title: 'HFM’s rights',
      body: (
        <p>
          HFM may, at its discretion, remove content, suspend payments, and suspend or terminate accounts, for example
          when content is the subject of a rights complaint, when we suspect fraud or artificial plays, or when this
          agreement or the Artist Terms of Use are broken. Payments suspended for a claim that turns out to be unfounded
          are released in the next payment window.
        </p>
      ),
    },
    {
      id: 'license-termination',
      title: 'Ending this agreement',
      body: (
        <>
          <p>
            You may terminate this agreement by emailing <ContactLink /> with {LEGAL.terminationNoticeHours} hours'
            notice. Within {LEGAL.terminationNoticeHours} hours the subscription feature for you is disabled, so no new
            fans can subscribe. Fans who already subscribe keep access to your music until the end of their term, and
            the licence continues for them until then. Songs they downloaded remain theirs.
          </p>
          <p>
            Licence fees you earned before termination are still paid. If any of our licensees are affected, we tell
            them within {LEGAL.licenseeNoticeBusinessDays} business days.
          </p>
        </>
      ),
    },
    {
      id: 'license-records',
      title: 'Records',
      body: (
        <p>
          We keep records of payments as the law requires, and records of complaints about content for{' '}
          {LEGAL.complaintRecordYears} years after an account is deleted.
        </p>
      ),
    },
    { id: 'license-changes', title: 'Changes to this agreement', body: <ChangesClause document="this agreement" /> },
    { id: 'license-disputes', title: 'Resolving disputes', body: <DisputesClause /> },
    {
      id: 'license-liability',
      title: 'Limits of liability',
      body: (
        <p>
          To the fullest extent the law allows, neither of us is liable to the other for indirect or consequential
          losses, and HFM's total liability under this agreement is limited to the amount paid to you in the previous{' '}
          {LEGAL.liabilityCapYears} year before the claim arose. This does not limit your right to licence fees you have
          earned.
        </p>
      ),
    },
    { id: 'license-law', title: 'Governing law', body: <GoverningLawClause /> },
  ],
};
