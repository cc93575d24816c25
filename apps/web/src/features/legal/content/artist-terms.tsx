import { LEGAL } from '@hfm/shared';
import { Link } from 'react-router';
import type { LegalDoc } from '../legal-types';
import { ChangesClause, ContactLink } from './shared-clauses';

export const artistTerms: LegalDoc = {
  title: 'Artist Terms of Use',
  summary: (
    <p>
      These terms apply to artist accounts, in addition to the User Terms of Use. How we use your music and how you are
      paid is set out in the <Link to="/user-license-agreement">Artist License Agreement</Link>, which you accept when
      you join.
    </p>
  ),
  sections: [
    {
      id: 'artist-eligibility',
      title: 'Who can join as an artist',
      body: (
        <>
          <p>
            You must be at least {LEGAL.minimumAge} years old, or at least {LEGAL.minimumAgeWithConsent} years old with
            the consent of a parent or legal guardian who also accepts these terms.
          </p>
          <p>
            If you sign up for a band or group, you confirm that you are authorised to act for every member and that
            they agree to these terms.
          </p>
        </>
      ),
    },
    {
      id: 'artist-application',
      title: 'Applying and auditioning',
      body: (
        <>
          <p>
            New artist accounts start in review. While you are in review you can sign in to complete your audition: a
            short bio, a photo and at least one song. A person on our team listens to every audition.
          </p>
          <p>
            We decide at our discretion whether to approve an application and we may ask you for more information. Being
            approved does not guarantee any number of subscribers or any particular placement on HFM.
          </p>
        </>
      ),
    },
    {
      id: 'artist-rights',
      title: 'Your music and your rights',
      body: (
        <>
          <p>
            You may only upload music, artwork, photos and text that you own or are fully licensed to distribute,
            including the composition, the master recording, any samples and any featured performances. You are
            responsible for any clearances and for paying anyone you owe for your work.
          </p>
          <p>
            You keep ownership of everything you upload. You grant HFM only the licence described in the Artist License
            Agreement.
          </p>
        </>
      ),
    },
    {
      id: 'artist-content',
      title: 'Content standards',
      body: (
        <ul>
          <li>
            Upload songs as WAV files, with accurate titles, credits, release dates and ISRC codes where you have them.
          </li>
          <li>Mark explicit songs as explicit.</li>
          <li>Do not upload content that is unlawful, misleading, or that infringes anyone else's rights.</li>
          <li>Follow the user guidelines in the User Terms of Use, like everyone else on HFM.</li>
        </ul>
      ),
    },
    {
      id: 'artist-payment',
      title: 'Getting paid',
      body: (
        <>
          <p>
            You earn a licence fee of {LEGAL.licenceFeePerSubscriptionYear} per year per subscription, paid{' '}
            {LEGAL.payoutWindow}. New subscriptions and renewals both count.
          </p>
          <p>
            Before we can pay you, you must complete a W-9 or W-8 tax form and connect a payout account. We hold
            payments until both are done and then pay everything owed.
          </p>
        </>
      ),
    },
    {
      id: 'artist-provider-rights',
      title: 'What HFM may do',
      body: (
        <p>
          To protect fans, other artists and rights holders, HFM may at its discretion remove content, suspend payments,
          and suspend or terminate accounts; for example, we may hold payments while we look into a copyright complaint
          or suspected fraud. Where it is reasonable we will tell you why and give you a chance to respond.
        </p>
      ),
    },
    {
      id: 'artist-termination',
      title: 'Leaving HFM',
      body: (
        <>
          <p>
            You may terminate at any time by emailing <ContactLink /> with {LEGAL.terminationNoticeHours} hours' notice.
            Within {LEGAL.terminationNoticeHours} hours, fans can no longer start new subscriptions to you. Fans who
            already subscribe keep access until the end of their term, and we still pay you for every subscription you
            earned.
          </p>
          <p>
            If partners we license your music to are affected, we tell them within {LEGAL.licenseeNoticeBusinessDays}{' '}
            business days.
          </p>
        </>
      ),
    },
    {
      id: 'artist-complaints',
      title: 'Complaints about content',
      body: (
        <p>
          If someone complains that your content infringes their rights, we may remove it while we look into it, and we
          will tell you about the complaint. We keep records of complaints for {LEGAL.complaintRecordYears} years after
          an account is deleted.
        </p>
      ),
    },
    { id: 'artist-changes', title: 'Changes to these terms', body: <ChangesClause document="these terms" /> },
    {
      id: 'artist-disputes',
      title: 'Disputes and governing law',
      body: (
        <p>
          The informal resolution, arbitration, liability and governing law ({LEGAL.governingLaw}) sections of the User
          Terms of Use also apply to artists.
        </p>
      ),
    },
  ],
};
