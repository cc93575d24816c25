import { ARTIST_STATUSES, TIERS } from '@hfm/shared';
import { useState, type FormEvent } from 'react';
import { SelectField } from '../../../ui/select-field';
import type { ListParams } from './list-params';
import { STATUS_LABELS } from './status-badge';
import { ArtistSearchForm } from './artist-search-form';

export const SORT_OPTIONS = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'totalScore:desc', label: 'Total score, highest first' },
  { value: 'totalScore:asc', label: 'Total score, lowest first' },
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
] as const;

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...ARTIST_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];
const TIER_OPTIONS = [{ value: '', label: 'All tiers' }, ...TIERS.map((tier) => ({ value: tier, label: tier }))];

export interface ListControlsProps {
  list: ListParams;
  onChange: (change: Partial<ListParams>) => void;
  /** Show the status and tier filters (the artist list; submissions are PENDING only). */
  filters?: boolean;
  /** Names the search field (several lists may share a screen). */
  searchLabel?: string;
}

/** Search (name or email; Enter or the button), sort, and the status and tier filters. */
export function ListControls({ list, onChange, filters = false, searchLabel = 'Search artists' }: ListControlsProps) {
  const [term, setTerm] = useState(list.search);
  // The address changed the search (back, a link): the field shows it.
  const [shown, setShown] = useState(list.search);
  if (shown !== list.search) {
    setShown(list.search);
    setTerm(list.search);
  }

  function search(event: FormEvent) {
    event.preventDefault();
    onChange({ search: term.trim() });
  }

  return (
    <div className="review-controls">
      <ArtistSearchForm label={searchLabel} term={term} onTermChange={setTerm} onSubmit={search} />
      {filters && (
        <>
          <SelectField
            label="Status"
            options={STATUS_OPTIONS}
            value={list.status}
            onChange={(event) => onChange({ status: event.target.value })}
          />
          <SelectField
            label="Tier"
            options={TIER_OPTIONS}
            value={list.tier}
            onChange={(event) => onChange({ tier: event.target.value })}
          />
        </>
      )}
      <SelectField
        label="Sort by"
        options={SORT_OPTIONS}
        value={`${list.sort}:${list.order}`}
        onChange={(event) => {
          const [sort, order] = event.target.value.split(':') as [ListParams['sort'], ListParams['order']];
          onChange({ sort, order });
        }}
      />
    </div>
  );
}
