import { DOCUMENT_PAGES, LEGAL, LEGAL_DOCUMENTS, type PublicDocument } from '@hfm/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch, type RecordedRequest } from '../../test/test-utils';
import LicenseAgreementPage from './license-agreement-page';
import PrivacyPolicyPage from './privacy-policy-page';
import TermsConditionsPage from './terms-conditions-page';
import UserTermsPage from './user-terms-page';

function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="location">{pathname + search + hash}</output>;
}

/** The documents as the server seeds them (version 1), served by GET /api/documents/{key}. */
function seededDocument(key: string, overrides: Partial<PublicDocument> = {}): PublicDocument {
  const seed = LEGAL_DOCUMENTS.find((document) => document.key === key)!;
  return {
    _id: `id-${key}`,
    id: `id-${key}`,
    key: seed.key,
    label: seed.label,
    content: seed.content,
    version: 1,
    publishedAt: '2025-04-30T12:00:00.000Z',
    updatedAt: '2025-04-30T12:00:00.000Z',
    page: DOCUMENT_PAGES[seed.key],
    ...overrides,
  };
}

let calls: RecordedRequest[];
beforeEach(() => {
  calls = stubFetch([
    {
      method: 'GET',
      path: /^\/api\/documents\/[a-z-]+$/,
      reply: (request) => ({ body: seededDocument(request.path.split('/').at(-1)!) }),
    },
  ]);
});

function renderAt(path: string, page: ReactElement) {
  return renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={page} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const text = () => document.body.textContent ?? '';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/user-terms tabs', () => {
  it('shows the User Terms of Use first and switches to the Artist Terms of Use', async () => {
    const user = userEvent.setup();
    renderAt('/user-terms', <UserTermsPage />);
    expect(screen.getByRole('tab', { name: 'User Terms of Use' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'User Terms of Use' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: '5. User guidelines' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Artist Terms of Use' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Artist Terms of Use' }));

    expect(screen.getByRole('tab', { name: 'Artist Terms of Use' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Artist Terms of Use' })).toBeInTheDocument();
    expect(await within(panel).findByRole('heading', { level: 3, name: '1. Who can join as an artist' })).toBeVisible();
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
  it('every document shows the effective date, a table of contents and anchored sections', async () => {
    for (const page of [<TermsConditionsPage />, <PrivacyPolicyPage />, <LicenseAgreementPage />]) {
      renderAt('/', page);
      expect(screen.getByText(`Effective ${LEGAL.effectiveDate}`)).toBeInTheDocument();
      const toc = await screen.findByRole('navigation', { name: /contents/ });
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
    await user.click(await screen.findByRole('link', { name: 'User guidelines' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/terms-conditions#userGuidelines');
  });

  it('/terms-conditions has the #userGuidelines section', async () => {
    renderAt('/terms-conditions', <TermsConditionsPage />);
    await screen.findByRole('navigation', { name: /contents/ });
    const guidelines = document.getElementById('userGuidelines');
    expect(guidelines).toHaveAccessibleName('5. User guidelines');
  });

  it('the terms carry the legal constants', async () => {
    renderAt('/terms-conditions', <TermsConditionsPage />);
    await screen.findByRole('navigation', { name: /contents/ });
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
    await screen.findByRole('heading', { level: 3, name: '1. Who can join as an artist' });
    const artistTerms = text();
    cleanup();
    renderAt('/user-license-agreement', <LicenseAgreementPage />);
    await screen.findByRole('navigation', { name: /contents/ });
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

  it('the privacy policy keeps complaint records for the stated years and names the contact', async () => {
    renderAt('/privacy-policy', <PrivacyPolicyPage />);
    await screen.findByRole('navigation', { name: /contents/ });
    expect(text()).toContain(`records of complaints for ${LEGAL.complaintRecordYears} years after account deletion`);
    expect(screen.getAllByRole('link', { name: LEGAL.contactEmail })[0]).toHaveAttribute(
      'href',
      `mailto:${LEGAL.contactEmail}`,
    );
  });
});

describe('legal pages read their text from the documents API', () => {
  it('asks for the document by key, shows Loading... first and the admin’s current text after', async () => {
    calls = stubFetch([
      {
        method: 'GET',
        path: '/api/documents/privacy-policy',
        reply: {
          body: seededDocument('privacy-policy', {
            content: '<p>Short and clear.</p><h2 id="new-rules">New rules</h2><p>We changed things.</p>',
            version: 3,
            publishedAt: '2026-02-03T10:00:00.000Z',
          }),
        },
      },
    ]);
    renderAt('/privacy-policy', <PrivacyPolicyPage />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '1. New rules' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByText('Short and clear.')).toBeInTheDocument();
    expect(screen.getByText(`Effective ${LEGAL.effectiveDate}`)).toBeInTheDocument();
    expect(screen.getByText('Updated February 3, 2026')).toBeInTheDocument();
    expect(document.getElementById('new-rules')).toHaveAccessibleName('1. New rules');
    expect(calls.map((call) => call.path)).toEqual(['/api/documents/privacy-policy']);
  });

  it('says so when the text cannot be loaded, and tries again on request', async () => {
    let attempts = 0;
    stubFetch([
      {
        method: 'GET',
        path: '/api/documents/license-agreement',
        reply: () => {
          attempts += 1;
          return attempts === 1 ? error(500, 'INTERNAL', 'Down.') : { body: seededDocument('license-agreement') };
        },
      },
    ]);
    const user = userEvent.setup();
    renderAt('/user-license-agreement', <LicenseAgreementPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the Artist License Agreement. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('navigation', { name: /contents/ })).toBeInTheDocument();
  });

  it('a link to another legal page moves there inside the site; script in the text never runs', async () => {
    stubFetch([
      {
        method: 'GET',
        path: '/api/documents/user-terms',
        reply: {
          body: seededDocument('user-terms', {
            content:
              '<p>Intro <img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script></p>' +
              '<h2 id="a">A</h2><p>See the <a href="/main/#/privacy-policy">Privacy Policy</a>.</p>',
          }),
        },
      },
    ]);
    const user = userEvent.setup();
    renderAt('/terms-conditions', <TermsConditionsPage />);
    await user.click(await screen.findByRole('link', { name: 'Privacy Policy' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/privacy-policy$/);
    expect(document.querySelector('script, img')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
