import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { ComingSoonPage } from './coming-soon-page';

afterEach(cleanup);

it('coming soon leads on to the fan landing and the fan sign-up, and back to the start', () => {
  render(
    <MemoryRouter>
      <ComingSoonPage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('coming soon');
  expect(screen.getByRole('link', { name: 'Create your fan account' })).toHaveAttribute('href', '/fan-sign-up');
  expect(screen.getByRole('link', { name: 'How HFM works for fans' })).toHaveAttribute('href', '/fans');
  // The public catalogue is a page of its own, outside the hash router.
  expect(screen.getByRole('link', { name: 'Browse the music' })).toHaveAttribute('href', '/discover');
  expect(screen.getByRole('link', { name: 'Back to the start' })).toHaveAttribute('href', '/');
});
