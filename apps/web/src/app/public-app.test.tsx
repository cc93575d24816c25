import { CROSS_FADE_MS, messages, PUBLIC_SITE_PATHS } from '@hfm/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch, stubLocation } from '../test/test-utils';
import PublicApp, { PublicRoutes } from './public-app';

function renderAt(path: string) {
  return renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <PublicRoutes />
    </MemoryRouter>,
  );
}

const pageHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  stubFetch([]);
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.location.hash = '';
});

describe('public routes', () => {
  it.each([
    ['/', 'Music that pays. Music you keep.', 'Welcome · HFM'],
    ['/artists', 'Music Should Pay You Back', 'For artists · HFM'],
    ['/artists-mobile', 'Music Should Pay You Back', 'For artists · HFM'],
    ['/fans', 'Own Your Music', 'For fans · HFM'],
    ['/fans-mobile', 'Own Your Music', 'For fans · HFM'],
    ['/coming-soon', 'Something good is coming soon.', 'Coming soon · HFM'],
    ['/user-terms', 'Terms of Use', 'Terms of Use · HFM'],
    ['/terms-conditions', 'Terms and Conditions', 'Terms and Conditions · HFM'],
    ['/user-privacy-policy', 'Privacy Policy', 'Privacy Policy · HFM'],
    ['/privacy-policy', 'Privacy Policy', 'Privacy Policy · HFM'],
    ['/user-license-agreement', 'Artist License Agreement', 'Artist License Agreement · HFM'],
    ['/about', /A fairer deal/, 'About · HFM'],
    ['/press', 'Writing about HFM?', 'Press · HFM'],
    ['/artist-sign-up', 'Artist Sign Up', 'Artist Sign Up · HFM'],
    ['/fan-sign-up', 'Fan Sign Up', 'Fan Sign Up · HFM'],
    ['/confirm', 'Confirm your email', 'Confirm your email · HFM'],
    ['/no-such-page', 'This track skipped.', 'Page not found · HFM'],
  ])('%s shows its screen with one h1 and its own title', async (path, heading, title) => {
    document.title = 'HFM';
    renderAt(path);
    expect(await pageHeading(heading)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe(title);
  });

  it('the title follows the screen when the path changes', async () => {
    const user = userEvent.setup();
    renderAt('/artists');
    await pageHeading('Music Should Pay You Back');
    expect(document.title).toBe('For artists · HFM');
    await user.click(screen.getByRole('link', { name: 'Listening, not making? See HFM for fans' }));
    await waitFor(() => expect(document.title).toBe('For fans · HFM'));
  });

  it('/confirm shows the confirmation-code screen with its Continue button', async () => {
    renderAt('/confirm');
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('an unknown path shows a friendly not-found inside the site layout', async () => {
    renderAt('/no-such-page');
    expect(await pageHeading('This track skipped.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the start' })).toHaveAttribute('href', '/');
  });

  it.each(PUBLIC_SITE_PATHS)('%s, where the server sends its plain path, is a screen of the site', async (path) => {
    renderAt(path);
    await screen.findByRole('main', {}, { timeout: 5000 }).catch(() => screen.findByRole('button'));
    expect(screen.queryByRole('heading', { name: 'This track skipped.' })).not.toBeInTheDocument();
  });

  it('on a path the server does not know, the not-found screen leads into the site at /main/#/', async () => {
    const location = stubLocation('http://localhost/no-such-page');
    renderWithClient(<PublicApp unknownPath />);
    expect(await pageHeading('This track skipped.')).toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'HFM for fans' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/main/#/fans'));
  });

  it('the landing and legal screens share the navigation, main landmark and footer', async () => {
    renderAt('/privacy-policy');
    await pageHeading('Privacy Policy');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('the hash router serves /main/#/... paths', async () => {
    window.location.hash = '#/fans';
    renderWithClient(<PublicApp />);
    expect(await pageHeading('Own Your Music')).toBeInTheDocument();
  });

  it('the sign-up link in the navigation matches the page audience', async () => {
    renderAt('/artists');
    await pageHeading('Music Should Pay You Back');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/artist-sign-up');
    cleanup();
    renderAt('/fans');
    await pageHeading('Own Your Music');
    expect(screen.getAllByRole('link', { name: 'Sign Up' })[0]).toHaveAttribute('href', '/fan-sign-up');
  });
});

describe('cross-fade between screens', () => {
  it(`keeps the leaving screen underneath for ${CROSS_FADE_MS} ms, hidden from assistive technology`, async () => {
    vi.useFakeTimers();
    const { container } = renderAt('/artists');
    fireEvent.click(screen.getByRole('link', { name: 'Listening, not making? See HFM for fans' }));

    const leaving = container.querySelector('.cross-fade__layer--leaving');
    expect(leaving).toHaveAttribute('aria-hidden', 'true');
    expect(leaving).toHaveTextContent('Music Should Pay You Back');
    expect(container.querySelector('.cross-fade__layer--entering')).toHaveTextContent('Own Your Music');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Own Your Music');

    act(() => {
      vi.advanceTimersByTime(CROSS_FADE_MS - 1);
    });
    expect(container.querySelector('.cross-fade__layer--leaving')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(container.querySelector('.cross-fade__layer--leaving')).toBeNull();
    expect(container.querySelectorAll('.cross-fade__layer')).toHaveLength(1);
  });

  it('moves focus to the new screen heading', async () => {
    const user = userEvent.setup();
    renderAt('/artists');
    await user.click(screen.getByRole('link', { name: 'Listening, not making? See HFM for fans' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('does not fade when the user prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    const user = userEvent.setup();
    const { container } = renderAt('/artists');
    await user.click(screen.getByRole('link', { name: 'Listening, not making? See HFM for fans' }));
    expect(container.querySelector('.cross-fade__layer--leaving')).toBeNull();
    expect(container.querySelectorAll('.cross-fade__layer')).toHaveLength(1);
  });

  it('does not fade for a jump to a section of the same page', async () => {
    const user = userEvent.setup();
    const { container } = renderAt('/fans');
    await user.click(screen.getByRole('link', { name: 'How it works' }));
    expect(container.querySelector('.cross-fade__layer--leaving')).toBeNull();
  });
});

describe('after an account is deleted', () => {
  it('says so over the landing page until the notice is closed', async () => {
    const user = userEvent.setup();
    renderAt('/?account=deleted');
    expect(await screen.findByRole('status')).toHaveTextContent(messages.accountDeleted);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(messages.accountDeleted)).not.toBeInTheDocument());
  });

  it('shows nothing of the kind on an ordinary visit', async () => {
    renderAt('/');
    await pageHeading('Music that pays. Music you keep.');
    expect(screen.queryByText(messages.accountDeleted)).not.toBeInTheDocument();
  });
});
