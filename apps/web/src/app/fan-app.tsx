import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { seedFirstData } from '../api/first-data';
import { PlayerProvider } from '../player/player-provider';
import { FanRoutes } from './fan-routes';

/**
 * /members/... and /a/{slug}: one browser router, so fans move between them without a page load (and the
 * player plays on); a declarative BrowserRouter, as React Router's data router is 16 KB more on every page
 * (decision 0063). The page's first answers come with its HTML (seedFirstData): its first render shows them.
 */
export default function FanApp() {
  const client = useQueryClient();
  // Once, before the first render reads the cache.
  useState(() => seedFirstData(client));
  return (
    <PlayerProvider>
      <BrowserRouter>
        <FanRoutes />
      </BrowserRouter>
    </PlayerProvider>
  );
}
