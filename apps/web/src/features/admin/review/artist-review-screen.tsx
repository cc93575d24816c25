import { messages } from '@hfm/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useArtist } from '../../../api/artists/get-artist';
import { errorMessage } from '../../../api/server-errors';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { ArtistAudition } from './artist-audition';
import { formatDate } from './dates';
import { FeaturingPanel } from './featuring-panel';
import { ReviewPanel } from './review-panel';
import { StatusBadge } from './status-badge';

export interface ArtistReviewScreenProps {
  /** The list this screen was opened from: `/submissions` or `/artists`. */
  backTo: string;
  backLabel: string;
}

/**
 * #/submissions/artist/{id} and #/artists/{id}: one artist's details and audition beside the admin's
 * review (scores, tier, approval and status) and featuring.
 */
export function ArtistReviewScreen({ backTo, backLabel }: ArtistReviewScreenProps) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const artist = useArtist(id);

  const back = (
    <Link className="review-back" to={backTo}>
      ← {backLabel}
    </Link>
  );
  if (artist.isPending) {
    return (
      <section className="review-screen">
        {back}
        <p className="review-note" role="status">
          <Spinner size="small" /> {messages.loading}
        </p>
      </section>
    );
  }
  if (artist.isError) {
    const missing = artist.error instanceof ApiError && (artist.error.status === 404 || artist.error.status === 400);
    return (
      <section className="review-screen">
        {back}
        <div className="review-note" role="alert">
          <p>{missing ? 'No such artist.' : errorMessage(artist.error)}</p>
          {!missing && (
            <Button variant="secondary" onClick={() => void artist.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </section>
    );
  }
  const data = artist.data;
  const user = data.user;
  return (
    <section className="review-screen" aria-labelledby="artist-heading">
      {back}
      <header className="review-artist">
        <div className="review-artist__title">
          <h1 id="artist-heading">{data.name}</h1>
          <StatusBadge status={data.status} />
        </div>
        <dl className="review-facts">
          <div>
            <dt>Genre</dt>
            <dd>{data.genre?.label ?? '—'}</dd>
          </div>
          <div>
            <dt>Tier</dt>
            <dd>{data.tier}</dd>
          </div>
          <div className="review-facts__account">
            <dt>Account</dt>
            <dd>
              {user ? (
                <>
                  {`${user.firstName} ${user.lastName}`.trim()}{' '}
                  <a href={`mailto:${user.email}`} className="review-facts__email">
                    {user.email}
                  </a>
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
          <div>
            <dt>Signed up</dt>
            <dd>{formatDate(data.createdAt)}</dd>
          </div>
          <div>
            <dt>Approved</dt>
            <dd>{formatDate(data.approvedAt)}</dd>
          </div>
          <div>
            <dt>Total score</dt>
            <dd>{data.totalScore}</dd>
          </div>
        </dl>
      </header>
      <div className="review-layout">
        <ArtistAudition artist={data} />
        <div className="review-side">
          <ReviewPanel key={data.id} artist={data} onApproved={() => void navigate(backTo)} />
          <FeaturingPanel key={`featuring-${data.id}`} artist={data} />
        </div>
      </div>
    </section>
  );
}
