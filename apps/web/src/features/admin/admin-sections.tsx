import type { ReactNode } from 'react';
import { PayoutsScreen } from './payouts/payouts-screen';

/**
 * The admin area's sections, in the order its navigation shows them. Each is a hash path under /admin/
 * (`/admin/#/submissions`) with the screen it shows; a section may have screens below it
 * (`#/submissions/artist/{id}`), which its own element routes with `<Routes>`.
 */
export interface AdminSection {
  /** The path below `#/`, without slashes: `submissions`. */
  path: string;
  label: string;
  element: ReactNode;
}

export const ADMIN_SECTIONS: AdminSection[] = [{ path: 'payouts', label: 'Payouts', element: <PayoutsScreen /> }];
