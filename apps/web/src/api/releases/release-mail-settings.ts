import type { ReleaseMailSettings, UpdateReleaseMailSettingsBody } from '@hfm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { releaseKeys } from './keys';

/** GET /api/releases/settings: release mails all on or off, and per artist subscribed to. */
export function useReleaseMailSettings() {
  return useQuery({
    queryKey: releaseKeys.settings,
    queryFn: ({ signal }) => api.get('/releases/settings', { signal }),
  });
}

/** PUT /api/releases/settings: answers the settings, which become the cached ones. */
export function useUpdateReleaseMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateReleaseMailSettingsBody): Promise<ReleaseMailSettings> =>
      api.put('/releases/settings', { body }),
    onSuccess: (settings) => queryClient.setQueryData(releaseKeys.settings, settings),
  });
}
