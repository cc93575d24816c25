import { LEGAL } from '@hfm/shared';
import type { ReactNode } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteFooter } from '../../components/site-footer';
import { SiteNav } from '../../components/site-nav';
import { ArtistLandingPage } from './artist-landing-page';
import { FanLandingPage } from './fan-landing-page';
import type { LandingVariant } from './landing-sections';

function renderInRouter(ui: ReactNode) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

afterEach(cleanup);

describe.each<LandingVariant>(['desktop', 'mobile'])('fan landing (%s)', (variant) => {
  it("'Browse the music' leads to the public catalogue, /discover", () => {
    renderInRouter(<FanLandingPage variant={variant} />);
    expect(screen.getByRole('link', { name: 'Browse the music' })).toHaveAttribute('href', '/discover');
  });

  it('says the spec lines', () => {
    renderInRouter(<FanLandingPage variant={variant} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Own Your Music' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Subscribe. Curate. Keep.' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Instant Drops, On Your Terms' })).toBeInTheDocument();
  });

  it('states the price and the promises', () => {
    renderInRouter(<FanLandingPage variant={variant} />);
    const pricing = screen.getByRole('region', { name: 'One price. Nothing hiding.' });
    expect(within(pricing).getByText('$9.99', { selector: '.price-panel__number' })).toBeInTheDocument();
    for (const promise of [
      '$9.99 per artist per year',
      'No monthly bills',
      'No hidden fees',
      'Keep your downloads forever',
    ])
      expect(within(pricing).getByText(promise)).toBeInTheDocument();
  });

  it('every sign-up call to action goes to the fan sign-up: the hero opens the modal, the rest the page', () => {
    renderInRouter(<FanLandingPage variant={variant} />);
    const signUps = screen.getAllByRole('link', { name: 'Sign Up' }).map((link) => link.getAttribute('href'));
    expect(signUps.length).toBeGreaterThan(1);
    expect(signUps.filter((href) => href?.endsWith('?signup=fan'))).toHaveLength(1);
    for (const href of signUps) expect(['/fan-sign-up', '/?signup=fan']).toContain(href);
  });
});

describe.each<LandingVariant>(['desktop', 'mobile'])('artist landing (%s)', (variant) => {
  it('says the spec lines', () => {
    renderInRouter(<ArtistLandingPage variant={variant} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Music Should Pay You Back' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Revenue You Can Rely On' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Dedicated Artist Support' })).toBeInTheDocument();
  });

  it('states 1,000 subscribers = $5,000 per year and the payout window', () => {
    renderInRouter(<ArtistLandingPage variant={variant} />);
    const revenue = screen.getByRole('region', { name: 'Revenue You Can Rely On' });
    expect(revenue).toHaveTextContent('1,000 subscribers = $5,000 per year');
    expect(revenue).toHaveTextContent('You earn $5.00 per subscription-year');
    expect(revenue).toHaveTextContent('between the 22nd and 28th of the following month');
    const row = within(revenue).getByRole('row', { name: '1,000 $5,000' });
    expect(row).toBeInTheDocument();
  });

  it("'Join the Launch Roster' goes to the artist sign-up", () => {
    renderInRouter(<ArtistLandingPage variant={variant} />);
    const joins = screen.getAllByRole('link', { name: 'Join the Launch Roster' });
    expect(joins.length).toBeGreaterThan(0);
    for (const link of joins) expect(link).toHaveAttribute('href', '/artist-sign-up');
  });
});

describe('site navigation and footer', () => {
  it('navigation: Contact mails us, Login is the full page, Sign Up is the given screen', () => {
    renderInRouter(<SiteNav signUpTo="/artist-sign-up" />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', `mailto:${LEGAL.contactEmail}`);
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/artist-sign-up');
  });

  it('footer: About, Press, Terms and Conditions, Privacy Policy, Contact Us and labelled social links', () => {
    renderInRouter(<SiteFooter />);
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    const hrefs = Object.fromEntries(
      within(footer)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(hrefs).toEqual({
      About: '/about',
      Press: '/press',
      'Terms and Conditions': '/terms-conditions',
      'Privacy Policy': '/privacy-policy',
      'Contact Us': `mailto:${LEGAL.contactEmail}`,
    });
    const social = screen.getByRole('list', { name: 'HFM on social media' });
    const labels = within(social)
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label'));
    expect(labels).toEqual(['HFM on Instagram', 'HFM on TikTok', 'HFM on YouTube', 'HFM on X']);
  });
});
