import type { PublicGenre } from '@hfm/shared';

export const sortByLabel = (list: PublicGenre[]) =>
  [...list].sort((a, b) => a.label.toLowerCase().localeCompare(b.label.toLowerCase()));

/** A saved genre replaces its old self in the cached list (or joins it), kept in label order. */
export function putGenre(list: PublicGenre[] | undefined, genre: PublicGenre): PublicGenre[] | undefined {
  if (!list) return list;
  const { _id, id, label, artwork } = genre;
  const rest = list.filter((item) => item.id !== id);
  return sortByLabel([...rest, { _id, id, label, artwork }]);
}
