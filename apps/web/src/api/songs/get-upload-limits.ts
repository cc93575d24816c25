import type { UploadLimits } from '@hfm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { songKeys } from './keys';

export function fetchUploadLimits(): Promise<UploadLimits> {
  return api.get('/songs/upload-limits');
}

/** The signed-in artist's upload rules and room left: read afresh each time the upload screen opens. */
export function useUploadLimits() {
  return useQuery({ queryKey: songKeys.uploadLimits, queryFn: fetchUploadLimits, staleTime: 0 });
}
