import { messages, type PagedArtists } from '@hfm/shared';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/server-errors';
import { Button } from '../../../ui/button';
import { Pagination } from '../../../ui/pagination';
import { Spinner } from '../../../ui/spinner';
import { formatDate } from './dates';
import { StatusBadge } from './status-badge';
import { countOf } from '../../../ui/count-of';

export interface ArtistTableProps {
  label: string;
  data: PagedArtists | undefined;
  isPending: boolean;
  /** Another page or filter is on its way; the rows shown are the previous ones. */
  updating: boolean;
  error: Error | null;
  retry: () => void;
  /** Where a row opens: `/submissions/artist/{id}` or `/artists/{id}`. */
  linkTo: (id: string) => string;
  empty: string;
  onPageChange: (page: number) => void;
}

/** Artists as rows: name and account, genre, status, tier, total score, featured, signed up; then the pages. */
export function ArtistTable({
  label,
  data,
  isPending,
  updating,
  error,
  retry,
  linkTo,
  empty,
  onPageChange,
}: ArtistTableProps) {
  if (isPending) {
    return (
      <p className="review-note" role="status">
        <Spinner size="small" /> {messages.loading}
      </p>
    );
  }
  if (error && !data) {
    return (
      <div className="review-note" role="alert">
        <p>{errorMessage(error)}</p>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data || data.items.length === 0) return <p className="review-note">{empty}</p>;
  const { pagination } = data;
  return (
    <>
      <p className="review-count" aria-live="polite">
        {countOf(pagination.total, 'artist')}
        {updating && (
          <>
            {' '}
            <Spinner size="small" /> <span className="visually-hidden">{messages.loading}</span>
          </>
        )}
      </p>
      <div className="data-table-frame review-table-wrap">
        <table className="data-table review-table" aria-label={label} aria-busy={updating || undefined}>
          <thead>
            <tr>
              <th scope="col">Artist</th>
              <th scope="col" className="review-table__wide">
                Genre
              </th>
              <th scope="col" className="review-table__wide">
                Status
              </th>
              <th scope="col">Tier</th>
              <th scope="col" className="data-table__number">
                Score
              </th>
              <th scope="col" className="review-table__wide">
                Featured
              </th>
              <th scope="col" className="review-table__wide">
                Signed up
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((artist) => (
              <tr key={artist.id}>
                <th scope="row" className="review-table__name">
                  <Link to={linkTo(artist.id)}>{artist.name}</Link>
                  {artist.user && <span className="review-table__email">{artist.user.email}</span>}
                  <span className="review-table__narrow">
                    <StatusBadge status={artist.status} />
                  </span>
                </th>
                <td className="review-table__wide">{artist.genre?.label ?? '—'}</td>
                <td className="review-table__wide">
                  <StatusBadge status={artist.status} />
                </td>
                <td>{artist.tier}</td>
                <td className="data-table__number">{artist.totalScore}</td>
                <td className="review-table__wide">
                  {artist.featuredPosition >= 0 ? `Yes, #${artist.featuredPosition + 1}` : 'No'}
                </td>
                <td className="review-table__wide">{formatDate(artist.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={pagination.page}
        pageCount={pagination.pageCount}
        hasMore={pagination.hasMore}
        onPageChange={onPageChange}
        label={`${label} pages`}
      />
    </>
  );
}
