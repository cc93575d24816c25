import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PlayerProvider } from '../player/player-provider';
import { fanRoutes } from './fan-routes';

/**
 * /members/... and /a/{slug}: one browser router, so fans move between them without a page load (and the
 * player plays on).
 */
export default function FanApp() {
  const [router] = useState(() => createBrowserRouter(fanRoutes));
  return (
    <PlayerProvider>
      <RouterProvider router={router} />
    </PlayerProvider>
  );
}
