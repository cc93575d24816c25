import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { renderWithClient } from './test-utils';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** Test-only: an admin screen at a hash path, with the toasts the signed-in areas mount. */
export function renderAdminScreen(screen: ReactElement, path = '/') {
  return renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      {screen}
      <LocationProbe />
      <Toaster />
    </MemoryRouter>,
  );
}
