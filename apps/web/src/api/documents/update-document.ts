import type { DocumentVersion, PublicDocument, UpdateDocumentBody } from '@hfm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { documentKeys } from './get-document';

export function updateDocument(id: string, body: UpdateDocumentBody): Promise<PublicDocument> {
  return api.patch('/documents/{id}', { params: { id }, body });
}

/** PATCH /api/documents/{id}: the saved document replaces the cached one (by id and key); lists refresh. */
export function useUpdateDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateDocumentBody }) => updateDocument(id, body),
    onSuccess: (document) => {
      client.setQueryData(documentKeys.one(document.id), document);
      client.setQueryData(documentKeys.one(document.key), document);
      return Promise.all([
        client.invalidateQueries({ queryKey: documentKeys.list }),
        client.invalidateQueries({ queryKey: documentKeys.versions(document.id) }),
      ]);
    },
  });
}

/** GET /api/documents/{id}/versions (admin): every published version, newest first. */
export function fetchDocumentVersions(id: string, signal?: AbortSignal): Promise<DocumentVersion[]> {
  return api.get('/documents/{id}/versions', { params: { id }, signal });
}

export function useDocumentVersions(id: string) {
  return useQuery({ queryKey: documentKeys.versions(id), queryFn: ({ signal }) => fetchDocumentVersions(id, signal) });
}
