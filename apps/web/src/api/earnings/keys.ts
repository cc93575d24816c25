/** Query keys of earnings: an artist's earnings page, the admin's revenue report for a range of months. */
export const earningsKeys = {
  all: ['earnings'] as const,
  artist: (artistId: string) => ['earnings', 'artist', artistId] as const,
  revenue: (from: string, to: string) => ['earnings', 'revenue', from, to] as const,
};
