import type { DeletedAnswer, Paged, PublicLabel } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { labelKeys } from './get-labels';

export function deleteLabel(id: string): Promise<DeletedAnswer> {
  return api.delete('/labels/{id}', { params: { id } });
}

/** DELETE /api/labels/{id}: the label leaves every cached page, which then refresh. */
export function useDeleteLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteLabel,
    onSuccess: (_answer, id) => {
      client.setQueriesData<Paged<PublicLabel>>({ queryKey: labelKeys.all }, (page) =>
        page ? { ...page, items: page.items.filter((item) => item.id !== id) } : page,
      );
      return client.invalidateQueries({ queryKey: labelKeys.all });
    },
  });
}
