import { DEFAULT_PAGE_SIZE, DEFAULT_TIER_FILTER } from '@hfm/shared';
import { useArtistList } from '../../../api/artists/list-artists';
import { ArtistTable } from './artist-table';
import { ListControls } from './list-controls';
import { toListRequest, useListParams, type ListDefaults } from './list-params';

/** The spec's default filters: tier 'Tier 1', status ACTIVE. */
const ARTIST_DEFAULTS: ListDefaults = { status: 'ACTIVE', tier: DEFAULT_TIER_FILTER };

/** #/artists: every artist, filtered by status and tier, searchable and sortable; each opens its review. */
export function ArtistsScreen() {
  const [list, update] = useListParams(ARTIST_DEFAULTS);
  const artists = useArtistList(toListRequest(list, DEFAULT_PAGE_SIZE));
  return (
    <section className="review-screen" aria-labelledby="artists-heading">
      <header className="review-screen__header">
        <h1 id="artists-heading">Artists</h1>
        <p className="review-screen__lead">Every artist on HFM by status and tier.</p>
      </header>
      <ListControls list={list} onChange={update} filters />
      <ArtistTable
        label="Artists"
        data={artists.data}
        isPending={artists.isPending}
        updating={artists.isPlaceholderData}
        error={artists.error}
        retry={() => void artists.refetch()}
        linkTo={(id) => `/artists/${id}`}
        empty="No artist matches these filters."
        onPageChange={(page) => update({ page })}
      />
    </section>
  );
}
