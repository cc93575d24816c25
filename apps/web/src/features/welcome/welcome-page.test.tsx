import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { WelcomePage } from './welcome-page';

function renderWelcome() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route index element={<WelcomePage />} />
        <Route path="artists" element={<h1>artist landing</h1>} />
        <Route path="coming-soon" element={<h1>coming soon screen</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('Welcome screen', () => {
  it.each([
    ['For Artists', 'You know your worth, and so do we.'],
    ['Login', 'Continue exploring.'],
    ['For Fans', 'The way music used to be, reimagined.'],
  ])('%s carries its hover text, also announced as its description', (label, hint) => {
    renderWelcome();
    const choice = screen.getByRole('link', { name: label });
    expect(choice).toHaveAccessibleDescription(hint);
    expect(screen.getByText(hint)).toBeInTheDocument();
  });

  it('offers exactly the three choices, in the spec order', () => {
    renderWelcome();
    const choices = screen.getByRole('navigation', { name: 'Choose your way in' });
    const labels = [...choices.querySelectorAll('a')].map((link) => link.textContent);
    expect(labels).toEqual(['For Artists', 'Login', 'For Fans']);
  });

  it("'Browse the music' leads to the public catalogue, /discover, outside the hash router", () => {
    renderWelcome();
    expect(screen.getByRole('link', { name: 'Browse the music' })).toHaveAttribute('href', '/discover');
  });

  it('Login is the full page /login, outside the hash router', () => {
    renderWelcome();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('For Artists opens the artist landing', async () => {
    const user = userEvent.setup();
    renderWelcome();
    await user.click(screen.getByRole('link', { name: 'For Artists' }));
    expect(screen.getByRole('heading', { name: 'artist landing' })).toBeInTheDocument();
  });

  it('For Fans opens the coming-soon screen', async () => {
    const user = userEvent.setup();
    renderWelcome();
    await user.click(screen.getByRole('link', { name: 'For Fans' }));
    expect(screen.getByRole('heading', { name: 'coming soon screen' })).toBeInTheDocument();
  });

  it('the hover texts are reachable by keyboard: each choice takes focus in turn', async () => {
    const user = userEvent.setup();
    renderWelcome();
    await user.tab();
    expect(screen.getByRole('link', { name: 'For Artists' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'For Fans' })).toHaveFocus();
  });
});
