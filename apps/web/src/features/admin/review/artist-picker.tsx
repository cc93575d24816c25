import type { PublicArtist } from '@hfm/shared';
import { useId, useState, type FormEvent } from 'react';
import { useArtistList } from '../../../api/artists/list-artists';
import { errorMessage } from '../../../api/server-errors';
import { Button } from '../../../ui/button';
import { Pagination } from '../../../ui/pagination';
import { Spinner } from '../../../ui/spinner';
import { ArtistSearchForm } from './artist-search-form';

const PICKER_PAGE_SIZE = 6;

export interface ArtistPickerProps {
  label: string;
  /** The button of each result ('Feature', 'Swap in'). */
  actionLabel: string;
  /** Why an artist cannot be picked ('Featured'), or null when it can. */
  unavailable: (artist: PublicArtist) => string | null;
  onPick: (artist: PublicArtist) => void;
  busyId?: string | null;
}

/** Finds ACTIVE artists by name or email (Enter or the button) and offers each to pick. */
export function ArtistPicker({ label, actionLabel, unavailable, onPick, busyId }: ArtistPickerProps) {
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const resultsId = useId();
  const results = useArtistList(
    { status: 'ACTIVE', search: search ?? undefined, page, limit: PICKER_PAGE_SIZE, sort: 'name', order: 'asc' },
    { enabled: search !== null },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(term.trim());
    setPage(1);
  }

  const items = results.data?.items ?? [];
  const pagination = results.data?.pagination;
  return (
    <div className="artist-picker">
      <ArtistSearchForm label={label} term={term} onTermChange={setTerm} onSubmit={submit} />
      <div id={resultsId} aria-live="polite">
        {search === null ? null : results.isPending ? (
          <p className="review-note" role="status">
            <Spinner size="small" /> Searching…
          </p>
        ) : results.isError ? (
          <p className="review-note" role="alert">
            {errorMessage(results.error)}
          </p>
        ) : items.length === 0 ? (
          <p className="review-note">No ACTIVE artist matches that search.</p>
        ) : (
          <ul className="artist-picker__list" aria-label="Artists found">
            {items.map((artist) => {
              const reason = unavailable(artist);
              return (
                <li key={artist.id} className="artist-picker__item">
                  <span className="artist-picker__name">
                    {artist.name}
                    <span className="review-muted">
                      {[artist.genre?.label, artist.tier, `score ${artist.totalScore}`].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                  {reason ? (
                    <span className="review-muted artist-picker__reason">{reason}</span>
                  ) : (
                    <Button
                      variant="secondary"
                      loading={busyId === artist.id}
                      disabled={Boolean(busyId)}
                      onClick={() => onPick(artist)}
                      aria-label={`${actionLabel} ${artist.name}`}
                    >
                      {actionLabel}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {pagination && (
          <Pagination
            page={pagination.page}
            pageCount={pagination.pageCount}
            hasMore={pagination.hasMore}
            onPageChange={setPage}
            label={`${label} pages`}
          />
        )}
      </div>
    </div>
  );
}
