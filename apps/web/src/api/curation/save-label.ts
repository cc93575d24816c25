import type { CreateLabelBody, Paged, PublicLabel, UpdateLabelBody } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { labelKeys } from './get-labels';

export function createLabel(body: CreateLabelBody): Promise<PublicLabel> {
  return api.post('/labels/create', { body });
}

export function updateLabel(id: string, body: UpdateLabelBody): Promise<PublicLabel> {
  return api.patch('/labels/{id}', { params: { id }, body });
}

/**
 * The spec's label save: without an id, created (and put at the front of the first page on screen); with
 * one, saved to the update route. Every cached page is refreshed after.
 */
export function useSaveLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateLabelBody }) =>
      id ? updateLabel(id, body) : createLabel(body),
    onSuccess: (label, { id }) => {
      client.setQueriesData<Paged<PublicLabel>>({ queryKey: labelKeys.all }, (page) => {
        if (!page) return page;
        if (id) return { ...page, items: page.items.map((item) => (item.id === label.id ? label : item)) };
        return page.pagination.page === 1 ? { ...page, items: [label, ...page.items] } : page;
      });
      return client.invalidateQueries({ queryKey: labelKeys.all });
    },
  });
}
