import { DEFAULT_PAGE_SIZE } from '@hfm/shared';
import { useArtistList } from '../../../api/artists/list-artists';
import { ArtistTable } from './artist-table';
import { ListControls } from './list-controls';
import { toListRequest, useListParams, type ListDefaults } from './list-params';

/** Submissions show PENDING artists only (no tier filter). */
const SUBMISSION_DEFAULTS: ListDefaults = { status: 'PENDING', tier: '' };

/** #/submissions: artists waiting for review, newest first, searchable and sortable; each opens its audition. */
export function SubmissionsScreen() {
  const [list, update] = useListParams(SUBMISSION_DEFAULTS);
  const artists = useArtistList({ ...toListRequest(list, DEFAULT_PAGE_SIZE), status: 'PENDING' });
  return (
    <section className="review-screen" aria-labelledby="submissions-heading">
      <header className="review-screen__header">
        <h1 id="submissions-heading">Submissions</h1>
        <p className="review-screen__lead">
          Artists waiting for review. Open one to hear the audition, score and approve.
        </p>
      </header>
      <ListControls list={list} onChange={update} searchLabel="Search submissions" />
      <ArtistTable
        label="Pending artists"
        data={artists.data}
        isPending={artists.isPending}
        updating={artists.isPlaceholderData}
        error={artists.error}
        retry={() => void artists.refetch()}
        linkTo={(id) => `/submissions/artist/${id}`}
        empty={list.search ? 'No pending artist matches that search.' : 'No artists are waiting for review.'}
        onPageChange={(page) => update({ page })}
      />
    </section>
  );
}
