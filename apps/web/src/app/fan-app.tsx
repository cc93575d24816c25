import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { fanRoutes } from './fan-routes';

/** /members/... and /a/{slug}: one browser router, so fans move between them without a page load. */
export default function FanApp() {
  const [router] = useState(() => createBrowserRouter(fanRoutes));
  return <RouterProvider router={router} />;
}
