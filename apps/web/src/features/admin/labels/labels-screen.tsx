import { messages, type LabelSort, type PublicGenre, type PublicLabel } from '@hfm/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../api/client';
import { useDeleteLabel } from '../../../api/curation/delete-label';
import { useLabels, type LabelListParams } from '../../../api/curation/get-labels';
import { useGenres } from '../../../api/genres';
import { Button } from '../../../ui/button';
import { ConfirmDelete } from '../../../ui/confirm-delete';
import { Pagination } from '../../../ui/pagination';
import { SelectField } from '../../../ui/select-field';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { LabelModal } from './label-modal';
import '../admin-screens.css';
import { LoadState } from '../load-state';
import { countOf } from '../../../ui/count-of';

const PAGE_SIZE = 12;

/** The list's orders: the spec sorts labels by createdAt and updatedAt. */
const ORDERS = {
  newest: { sort: 'createdAt', order: 'desc', label: 'Newest first' },
  oldest: { sort: 'createdAt', order: 'asc', label: 'Oldest first' },
  updated: { sort: 'updatedAt', order: 'desc', label: 'Recently updated' },
  name: { sort: 'name', order: 'asc', label: 'Name A–Z' },
} as const satisfies Record<string, { sort: LabelSort; order: 'asc' | 'desc'; label: string }>;
type OrderName = keyof typeof ORDERS;

const isOrder = (value: string | null): value is OrderName => value !== null && value in ORDERS;

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** #/labels: record labels, newest first (or by update or name); create and edit in a modal; delete. */
export default function LabelsScreen() {
  useDocumentTitle('Labels · Admin');
  const [params, setParams] = useSearchParams();
  const orderName: OrderName = isOrder(params.get('order')) ? (params.get('order') as OrderName) : 'newest';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { sort, order } = ORDERS[orderName];
  const query: LabelListParams = { page, limit: PAGE_SIZE, sort, order };
  const labels = useLabels(query);
  const genres = useGenres();
  const [editing, setEditing] = useState<PublicLabel | 'new' | null>(null);
  const genreNames = new Map((genres.data ?? []).map((genre: PublicGenre) => [genre.id, genre.label]));

  const setQuery = (next: { order?: OrderName; page?: number }) =>
    setParams(
      (current) => {
        if (next.order) current.set('order', next.order);
        current.set('page', String(next.page ?? 1));
        return current;
      },
      { replace: true },
    );

  return (
    <section className="admin-screen" aria-labelledby="labels-title">
      <div className="admin-screen__head">
        <div>
          <h1 id="labels-title">Labels</h1>
          {labels.data && <p className="admin-screen__count">{countOf(labels.data.pagination.total, 'label')}</p>}
        </div>
        <Button onClick={() => setEditing('new')}>New label</Button>
      </div>

      <div className="surface-card admin-card">
        <div className="admin-toolbar">
          <SelectField
            className="field--narrow"
            label="Sort by"
            value={orderName}
            options={Object.entries(ORDERS).map(([value, { label }]) => ({ value, label }))}
            onChange={(event) => setQuery({ order: event.target.value as OrderName })}
          />
        </div>
        <LoadState query={labels} what="labels" />
        {labels.data && labels.data.items.length === 0 && <p className="admin-empty">No labels yet.</p>}
        {labels.data && labels.data.items.length > 0 && (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Genres</th>
                <th scope="col">Location</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {labels.data.items.map((label) => (
                <LabelRow
                  key={label.id}
                  label={label}
                  genres={label.genres.map((id) => genreNames.get(id) ?? 'Unknown genre')}
                  onEdit={() => setEditing(label)}
                />
              ))}
            </tbody>
          </table>
        )}
        {labels.data && (
          <Pagination
            page={labels.data.pagination.page}
            pageCount={labels.data.pagination.pageCount}
            hasMore={labels.data.pagination.hasMore}
            onPageChange={(next) => setQuery({ page: next })}
            label="Label pages"
          />
        )}
      </div>

      {editing && (
        <LabelModal
          label={editing === 'new' ? null : editing}
          genres={genres.data ?? []}
          onClose={() => setEditing(null)}
          onCreated={() => setQuery({ order: 'newest', page: 1 })}
        />
      )}
    </section>
  );
}

function LabelRow({ label, genres, onEdit }: { label: PublicLabel; genres: string[]; onEdit: () => void }) {
  const remove = useDeleteLabel();
  async function deleteLabel() {
    try {
      await remove.mutateAsync(label.id);
      toast.success(messages.labelDeleted);
    } catch (failure) {
      toast.error(failure instanceof ApiError ? failure.message : messages.somethingWentWrong);
    }
  }
  return (
    <tr>
      <td data-label="Name" className="admin-table__title">
        <span className="admin-table__primary">{label.name}</span>
        {label.website && (
          <>
            <br />
            <a className="admin-table__muted" href={label.website} target="_blank" rel="noopener noreferrer nofollow">
              {label.website.replace(/^https?:\/\//, '')}
            </a>
          </>
        )}
      </td>
      <td data-label="Genres" className="admin-table__muted">
        {genres.length > 0 ? genres.join(', ') : '—'}
      </td>
      <td data-label="Location" className="admin-table__muted">
        {label.location ?? '—'}
      </td>
      <td data-label="Status">
        <span className={label.active ? 'admin-badge admin-badge--good' : 'admin-badge'}>
          {label.active ? 'Active' : 'Inactive'}
        </span>
      </td>
      <td data-label="Created" className="admin-table__muted admin-table__date">
        {formatDate(label.createdAt)}
      </td>
      <td data-label="Updated" className="admin-table__muted admin-table__date">
        {formatDate(label.updatedAt)}
      </td>
      <td className="admin-table__actions">
        <div className="admin-row-actions">
          <button type="button" className="admin-link-button" aria-label={`Edit ${label.name}`} onClick={onEdit}>
            Edit
          </button>
          <ConfirmDelete label={`Delete ${label.name}`} onConfirm={deleteLabel} />
        </div>
      </td>
    </tr>
  );
}
