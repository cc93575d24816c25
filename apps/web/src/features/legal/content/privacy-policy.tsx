import { LEGAL } from '@hfm/shared';
import type { LegalDoc } from '../legal-types';
import { ChangesClause, ContactLink } from './shared-clauses';

export const privacyPolicy: LegalDoc = {
  title: 'Privacy Policy',
  summary: (
    <p>
      This policy explains what personal information HFM collects, why, who we share it with and the choices you have.
      The short version: we collect what we need to run HFM, pay artists and keep the service safe, and we do not sell
      your personal information.
    </p>
  ),
  sections: [
    {
      id: 'privacy-collect',
      title: 'What we collect',
      body: (
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address, password (stored only as a secure hash), date of
            birth, gender, and optionally a phone number, location and profile picture.
          </li>
          <li>
            <strong>Artist details:</strong> artist or band name, genre, bio, photos, the music you upload and its
            details, tax forms and the payout account you connect.
          </li>
          <li>
            <strong>Activity:</strong> subscriptions, downloads, plays, Hi Fives and playlists.
          </li>
          <li>
            <strong>Payments:</strong> handled by our payment provider; we keep a record of each payment but never your
            full card number.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, browser type and the time of requests, used for security
            and to prevent abuse.
          </li>
        </ul>
      ),
    },
    {
      id: 'privacy-use',
      title: 'How we use it',
      body: (
        <ul>
          <li>to create your account, confirm your email address and sign you in;</li>
          <li>to deliver music, keep your library and downloads, and run your subscriptions;</li>
          <li>to calculate and pay artists for their subscribers;</li>
          <li>to review artist applications and keep HFM safe, including preventing fraud and abuse;</li>
          <li>to send you messages about your account, such as receipts and notices of changes.</li>
        </ul>
      ),
    },
    {
      id: 'privacy-sharing',
      title: 'Who we share it with',
      body: (
        <>
          <p>
            We share information only with providers that help us run HFM (hosting, storage, email and payments), under
            contracts that limit their use of it, and when the law requires us to. Artists see numbers such as plays, Hi
            Fives and subscriber counts.
          </p>
          <p>We do not sell your personal information, and we do not use advertising trackers.</p>
        </>
      ),
    },
    {
      id: 'privacy-cookies',
      title: 'Cookies',
      body: (
        <p>
          We use one essential cookie to keep you signed in. It cannot be read by scripts on the page, and it ends after
          a set period or when you sign out.
        </p>
      ),
    },
    {
      id: 'privacy-retention',
      title: 'How long we keep it',
      body: (
        <p>
          We keep your information while your account is open. When you delete your account we delete or anonymise your
          personal information, except records we must keep: payment and tax records for as long as the law requires,
          and records of complaints for {LEGAL.complaintRecordYears} years after account deletion.
        </p>
      ),
    },
    {
      id: 'privacy-choices',
      title: 'Your choices and rights',
      body: (
        <>
          <p>
            You can see and correct most of your information in your account settings (your date of birth cannot be
            changed after sign-up). You can ask us for a copy of your information, or ask us to delete it, by writing to{' '}
            <ContactLink />. We answer every request, and we may need to confirm it is really you.
          </p>
          <p>Depending on where you live, you may have further rights under local law; we honour them.</p>
        </>
      ),
    },
    {
      id: 'privacy-security',
      title: 'Security',
      body: (
        <p>
          We protect your information with encryption in transit, hashed passwords, limits on sign-in attempts and
          access only for the people who need it. No system is perfectly secure; if a breach affects you, we will tell
          you promptly.
        </p>
      ),
    },
    {
      id: 'privacy-age',
      title: 'Age',
      body: (
        <p>
          HFM is for people aged {LEGAL.minimumAge} and over, or {LEGAL.minimumAgeWithConsent} and over with a parent's
          or guardian's consent. If you believe a younger person has given us information, contact us and we will delete
          it.
        </p>
      ),
    },
    { id: 'privacy-changes', title: 'Changes to this policy', body: <ChangesClause document="this policy" /> },
    {
      id: 'privacy-contact',
      title: 'Contact',
      body: (
        <p>
          HFM is operated from {LEGAL.governingLaw}, United States. Questions about privacy? Write to <ContactLink />.
        </p>
      ),
    },
  ],
};
