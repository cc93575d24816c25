import { LEGAL } from '@hfm/shared';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import LicenseAgreementPage from './license-agreement-page';
import PrivacyPolicyPage from './privacy-policy-page';
import TermsConditionsPage from './terms-conditions-page';
import UserTermsPage from './user-terms-page';

function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="location">{pathname + search + hash}</output>;
}

function renderAt(path: string, page: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={page} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const text = () => document.body.textContent ?? '';

afterEach(cleanup);

describe('/user-terms tabs', () => {
  it('shows the User Terms of Use first and switches to the Artist Terms of Use', async () => {
    const user = userEvent.setup();
    renderAt('/user-terms', <UserTermsPage />);
    expect(screen.getByRole('tab', { name: 'User Terms of Use' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'User Terms of Use' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Artist Terms of Use' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Artist Terms of Use' }));

    expect(screen.getByRole('tab', { name: 'Artist Terms of Use' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Artist Terms of Use' })).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { level: 2, name: 'User Terms of Use' })).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/user-terms?tab=artist');
  });

  it('?tab=artist opens the artist terms directly', () => {
    renderAt('/user-terms?tab=artist', <UserTermsPage />);
    expect(screen.getByRole('tab', { name: 'Artist Terms of Use' })).toHaveAttribute('aria-selected', 'true');
  });

  it('the tabs can be switched with the arrow keys', async () => {
    // Radix moves focus (and so the selection) in a later task: wait for it, whatever the machine's speed.
    // No delay between key events, so the test cannot pass only because that delay happened to be long enough.
    const user = userEvent.setup({ delay: null });
    renderAt('/user-terms', <UserTermsPage />);
    screen.getByRole('tab', { name: 'User Terms of Use' }).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Artist Terms of Use' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Artist Terms of Use');
  });
});

describe('legal documents', () => {
  it('every document shows the effective date, a table of contents and anchored sections', () => {
    for (const page of [<TermsConditionsPage />, <PrivacyPolicyPage />, <LicenseAgreementPage />]) {
      renderAt('/', page);
      expect(screen.getByText(`Effective ${LEGAL.effectiveDate}`)).toBeInTheDocument();
      const toc = screen.getByRole('navigation', { name: /contents/ });
      for (const link of within(toc).getAllByRole('link')) {
        const id = link.getAttribute('href')!.split('#')[1]!;
        expect(document.getElementById(id)).not.toBeNull();
      }
      cleanup();
    }
  });

  it('a contents link jumps to its section without leaving the page', async () => {
    const user = userEvent.setup();
    renderAt('/terms-conditions', <TermsConditionsPage />);
    await user.click(screen.getByRole('link', { name: 'User guidelines' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/terms-conditions#userGuidelines');
  });

  it('/terms-conditions has the #userGuidelines section', () => {
    renderAt('/terms-conditions', <TermsConditionsPage />);
    const guidelines = document.getElementById('userGuidelines');
    expect(guidelines).toHaveAccessibleName('5. User guidelines');
  });

  it('the terms carry the legal constants', () => {
    renderAt('/terms-conditions', <TermsConditionsPage />);
    const terms = text();
    for (const phrase of [
      `at least ${LEGAL.minimumAge} years old`,
      `at least ${LEGAL.minimumAgeWithConsent} years old with the consent of a parent or legal guardian`,
      `notice on your dashboard for ${LEGAL.changeNoticeDays} days`,
      `informally for ${LEGAL.informalDisputeDays} days`,
      `within ${LEGAL.arbitrationOptOutDays} days of first accepting these terms`,
      `Claims under ${LEGAL.streamlinedArbitrationUnder} follow a streamlined procedure`,
      `For claims under ${LEGAL.feesWaivedUnder}, we will reimburse your filing fees or arrange for them to be waived`,
      `the amount paid between you and HFM in the previous ${LEGAL.liabilityCapYears} year`,
      `records of complaints about an account for ${LEGAL.complaintRecordYears} years after the account is deleted`,
      `the laws of the State of ${LEGAL.governingLaw}`,
    ])
      expect(terms).toContain(phrase);
  });

  it('the artist terms and licence carry the artist constants', async () => {
    const user = userEvent.setup();
    renderAt('/user-terms', <UserTermsPage />);
    await user.click(screen.getByRole('tab', { name: 'Artist Terms of Use' }));
    const artistTerms = text();
    cleanup();
    renderAt('/user-license-agreement', <LicenseAgreementPage />);
    const licence = text();
    for (const document of [artistTerms, licence]) {
      expect(document).toContain(`${LEGAL.licenceFeePerSubscriptionYear} per year per subscription`);
      expect(document).toContain('between the 22nd and 28th of the month after the subscription');
      expect(document).toContain('W-9 or W-8');
      expect(document).toContain(`${LEGAL.terminationNoticeHours} hours' notice`);
      expect(document).toContain(`within ${LEGAL.licenseeNoticeBusinessDays} business days`);
      expect(document).toContain('remove content, suspend payments, and suspend or terminate accounts');
      expect(document).toContain(`for ${LEGAL.complaintRecordYears} years after an account is deleted`);
      expect(document).toContain(`${LEGAL.changeNoticeDays} days`);
    }
    expect(artistTerms).toContain('own or are fully licensed');
    expect(licence).toContain('own or control all rights');
    expect(licence).toContain(`the previous ${LEGAL.liabilityCapYears} year`);
  });

  it('the privacy policy keeps complaint records for the stated years and names the contact', () => {
    renderAt('/privacy-policy', <PrivacyPolicyPage />);
    expect(text()).toContain(`records of complaints for ${LEGAL.complaintRecordYears} years after account deletion`);
    expect(screen.getAllByRole('link', { name: LEGAL.contactEmail })[0]).toHaveAttribute(
      'href',
      `mailto:${LEGAL.contactEmail}`,
    );
  });
});
