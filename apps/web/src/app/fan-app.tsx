import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { seedFirstData } from '../api/first-data';
import { PlayerProvider } from '../player/player-provider';
import { fanRoutes } from './fan-routes';

/**
 * /members/... and /a/{slug}: one browser router, so fans move between them without a page load (and the
 * player plays on). The page's first answers come with its HTML (seedFirstData): its first render shows them.
 */
export default function FanApp() {
  const client = useQueryClient();
  const [router] = useState(() => {
    seedFirstData(client);
    return createBrowserRouter(fanRoutes);
  });
  return (
    <PlayerProvider>
      <RouterProvider router={router} />
    </PlayerProvider>
  );
}
