import { LEGAL } from '@hfm/shared';
import { Link } from 'react-router';
import type { LegalDoc } from '../legal-types';
import { ChangesClause, ContactLink, DisputesClause, GoverningLawClause, LiabilityClause } from './shared-clauses';

export const userTerms: LegalDoc = {
  title: 'User Terms of Use',
  summary: (
    <p>
      These terms are the agreement between you and HFM when you use the HFM website and apps. We have tried to write
      them in plain language. Please read them: by creating an account or using HFM, you accept them.
    </p>
  ),
  sections: [
    {
      id: 'eligibility',
      title: 'Who can use HFM',
      body: (
        <>
          <p>
            You must be at least {LEGAL.minimumAge} years old to create an HFM account, or at least{' '}
            {LEGAL.minimumAgeWithConsent} years old with the consent of a parent or legal guardian who agrees to these
            terms on your behalf and is responsible for your use of HFM.
          </p>
          <p>
            You may not use HFM if the law where you live does not allow it, or if we have closed your account before.
          </p>
        </>
      ),
    },
    {
      id: 'account',
      title: 'Your account',
      body: (
        <>
          <p>
            Give us accurate information when you sign up and keep it up to date. We send a confirmation code to your
            email address; your account becomes active once you confirm it. Your date of birth cannot be changed after
            sign-up.
          </p>
          <p>
            Keep your password private. You are responsible for what happens in your account. If you think someone else
            has used it, change your password and tell us at <ContactLink /> straight away.
          </p>
        </>
      ),
    },
    {
      id: 'subscriptions',
      title: 'Subscriptions and payment',
      body: (
        <>
          <p>
            A subscription is to one artist, costs $9.99 for a one-year term, and renews each year unless you cancel.
            There are no monthly bills and no hidden fees: the price you see before you pay is the price you pay.
          </p>
          <p>
            You can cancel at any time from your account. Cancelling stops the next renewal; you keep full access to
            that artist until the end of the year you paid for. Payments are processed by our payment provider, and we
            do not store your full card number.
          </p>
        </>
      ),
    },
    {
      id: 'music',
      title: 'Listening and keeping your downloads',
      body: (
        <>
          <p>
            Anyone can listen to previews, and to the songs an artist chooses to share in full. While you subscribe to
            an artist you can stream all of their music on HFM and download it.
          </p>
          <p>
            Songs you download are yours to keep for personal, non-commercial use, forever, even after your subscription
            ends or your account is closed. The artist still owns the music: you may not sell, share publicly, upload
            elsewhere, or otherwise redistribute it.
          </p>
        </>
      ),
    },
    {
      id: 'userGuidelines',
      title: 'User guidelines',
      body: (
        <>
          <p>HFM is a community of artists and the people who support them. When you use HFM, please:</p>
          <ul>
            <li>treat artists, fans and our team with respect; no harassment, hate speech or threats;</li>
            <li>only upload or post content you own or have permission to use;</li>
            <li>not impersonate anyone, or misrepresent who you are or who you work with;</li>
            <li>not inflate plays, Hi Fives or subscriptions with bots, scripts or fake accounts;</li>
            <li>not scrape HFM, get around our security or copy protections, or disrupt the service;</li>
            <li>not use HFM for anything unlawful.</li>
          </ul>
          <p>
            If you see something that breaks these guidelines, tell us at <ContactLink />.
          </p>
        </>
      ),
    },
    {
      id: 'our-rights',
      title: 'Our rights and closing accounts',
      body: (
        <>
          <p>
            We may remove content, and suspend or close accounts, that break these terms or put other people or HFM at
            risk. Where it is reasonable, we will tell you why and give you a chance to respond.
          </p>
          <p>
            You may close your account at any time by writing to <ContactLink />. Your downloads stay yours. We keep
            records of complaints about an account for {LEGAL.complaintRecordYears} years after the account is deleted,
            as described in our <Link to="/privacy-policy">Privacy Policy</Link>.
          </p>
        </>
      ),
    },
    { id: 'changes', title: 'Changes to these terms', body: <ChangesClause document="these terms" /> },
    { id: 'disputes', title: 'Resolving disputes', body: <DisputesClause /> },
    { id: 'liability', title: 'Disclaimers and limits of liability', body: <LiabilityClause /> },
    { id: 'law', title: 'Governing law', body: <GoverningLawClause /> },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these terms? Write to us at <ContactLink />.
        </p>
      ),
    },
  ],
};
