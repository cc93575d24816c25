import type { ArtistCard, MemberHomeLists, PlaylistCard, PublicGenre } from '@hfm/shared';
import type { ReactNode } from 'react';
import { ArtistCardLink, CardRow, GenreCardLink, PlaylistCardLink } from '../cards';
import { QueryBlock, Skeleton, type BlockQuery } from '../query-block';

interface Row {
  id: keyof MemberHomeLists;
  title: string;
  render: (lists: MemberHomeLists) => ReactNode[];
}

const playlists = (items: PlaylistCard[]) => items.map((item) => <PlaylistCardLink key={item.id} playlist={item} />);
const artists = (items: ArtistCard[]) =>
  items.map((item) => <ArtistCardLink key={item.id} artist={{ ...item, genre: item.genre?.label ?? null }} />);
const genres = (items: PublicGenre[]) => items.map((item) => <GenreCardLink key={item.id} genre={item} />);

/** The member-home lists, in the order a fan browses them. */
const ROWS: Row[] = [
  { id: 'frontPage', title: 'Playlists', render: (lists) => playlists(lists.frontPage) },
  { id: 'hfmPicks', title: 'HFM Picks', render: (lists) => playlists(lists.hfmPicks) },
  { id: 'featuredArtists', title: 'Featured artists', render: (lists) => artists(lists.featuredArtists) },
  { id: 'newReleases', title: 'New releases', render: (lists) => artists(lists.newReleases) },
  { id: 'hfmRadio', title: 'HFM Radio', render: (lists) => playlists(lists.hfmRadio) },
  { id: 'genres', title: 'Genres', render: (lists) => genres(lists.genres) },
];

/**
 * Playlists, HFM Picks, featured artists, new releases, HFM Radio and genres: one call feeds them, so they
 * load together (each row its own skeleton) and a failure shows once, with a retry, without touching
 * the blocks above. Empty rows are left out.
 */
export function HomeLists({ query }: { query: BlockQuery<MemberHomeLists> }) {
  if (query.data === undefined && !query.isError)
    return ROWS.slice(0, 3).map((row) => (
      <section key={row.id} className="discover-section" aria-label={row.title}>
        <h2>{row.title}</h2>
        <Skeleton kind="cards" label={row.title.toLowerCase()} />
      </section>
    ));
  return (
    <QueryBlock query={query} label="playlists, genres and artists" skeleton="cards">
      {(lists) => {
        const rows = ROWS.filter((row) => lists[row.id].length > 0);
        if (rows.length === 0) return <p className="discover-empty">Playlists and genres are on their way.</p>;
        return rows.map((row) => (
          <section key={row.id} className="discover-section" aria-labelledby={`row-${row.id}`}>
            <h2 id={`row-${row.id}`}>{row.title}</h2>
            <CardRow id={row.id} label={row.title}>
              {row.render(lists)}
            </CardRow>
          </section>
        ));
      }}
    </QueryBlock>
  );
}
