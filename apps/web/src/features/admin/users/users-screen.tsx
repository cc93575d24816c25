import { messages, userAdminMessages, type AdminUser, type Role } from '@hfm/shared';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../api/client';
import { useAdminUsers, type AdminUsersParams } from '../../../api/admin-users/get-users';
import { useSetUserDisabled } from '../../../api/admin-users/set-user-disabled';
import { Button } from '../../../ui/button';
import { ConfirmPopup } from '../../../ui/confirm-delete';
import { Pagination } from '../../../ui/pagination';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { useDocumentTitle } from '../../../ui/use-document-title';
import '../admin-screens.css';
import './users.css';
import { LoadState } from '../load-state';
import { countOf } from '../../../ui/count-of';

const PAGE_SIZE = 12;

/** The spec's lists: subscribers sorted by createdAt, artists by role; admins too. */
const TABS: { value: Role; label: string }[] = [
  { value: 'SUBSCRIBER', label: 'Subscribers' },
  { value: 'ARTIST', label: 'Artists' },
  { value: 'ADMIN', label: 'Admins' },
];

const STATUSES = [
  { value: '', label: 'Any status' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'UNCONFIRMED', label: 'Unconfirmed' },
  { value: 'SUSPENDED', label: 'Disabled' },
] as const;

const SORTS = {
  newest: { sort: 'createdAt', order: 'desc', label: 'Newest first' },
  oldest: { sort: 'createdAt', order: 'asc', label: 'Oldest first' },
  name: { sort: 'name', order: 'asc', label: 'Name A–Z' },
  email: { sort: 'email', order: 'asc', label: 'Email A–Z' },
} as const;
type SortName = keyof typeof SORTS;

const STATUS_BADGE: Record<string, { label: string; tone: string }> = {
  ACTIVE: { label: 'Active', tone: 'admin-badge--good' },
  UNCONFIRMED: { label: 'Unconfirmed', tone: 'admin-badge--warn' },
  SUSPENDED: { label: 'Disabled', tone: 'admin-badge--bad' },
};

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** #/users: accounts by role, searchable, sortable, a page at a time; disable or enable an account. */
export default function UsersScreen() {
  useDocumentTitle('Users · Admin');
  const [params, setParams] = useSearchParams();
  const role = pick(
    params.get('role'),
    TABS.map((tab) => tab.value),
    'SUBSCRIBER',
  );
  const status = pick(params.get('status'), ['', 'ACTIVE', 'UNCONFIRMED', 'SUSPENDED'] as const, '');
  const sortName = pick(params.get('sort'), Object.keys(SORTS) as SortName[], 'newest');
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query: AdminUsersParams = {
    page,
    limit: PAGE_SIZE,
    role,
    ...(status ? { status } : {}),
    ...(search ? { search } : {}),
    sort: SORTS[sortName].sort,
    order: SORTS[sortName].order,
  };
  const users = useAdminUsers(query);
  const [draft, setDraft] = useState(search);

  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value) current.set(name, value);
          else current.delete(name);
        }
        if (!('page' in changes)) current.delete('page');
        return current;
      },
      { replace: true },
    );

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    update({ search: draft.trim() });
  }

  return (
    <section className="admin-screen" aria-labelledby="users-title">
      <div className="admin-screen__head">
        <div>
          <h1 id="users-title">Users</h1>
          {users.data && <p className="admin-screen__count">{countOf(users.data.pagination.total, 'account')}</p>}
        </div>
      </div>

      <div className="users-tabs" role="group" aria-label="Show accounts of">
        {TABS.map((tab) => (
          <button
            key={tab.value}
            type="button"
            className="users-tabs__tab"
            aria-pressed={tab.value === role}
            onClick={() => update({ role: tab.value })}
          >
            {tab.label}
          </button>
        ))}
      </div>

      <div className="surface-card admin-card">
        <div className="admin-toolbar">
          <form className="users-search" role="search" onSubmit={submitSearch}>
            <TextField
              label="Search by name or email"
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoComplete="off"
            />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </form>
          <SelectField
            className="field--narrow"
            label="Status"
            value={status}
            options={STATUSES}
            onChange={(event) => update({ status: event.target.value })}
          />
          <SelectField
            className="field--narrow"
            label="Sort by"
            value={sortName}
            options={Object.entries(SORTS).map(([value, { label }]) => ({ value, label }))}
            onChange={(event) => update({ sort: event.target.value })}
          />
        </div>

        <LoadState query={users} what="accounts" />
        {users.data && users.data.items.length === 0 && <p className="admin-empty">No accounts match.</p>}
        {users.data && users.data.items.length > 0 && (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                {role === 'ARTIST' && <th scope="col">Artist</th>}
                <th scope="col">Status</th>
                <th scope="col">Joined</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.items.map((user) => (
                <UserRow key={user.id} user={user} showArtist={role === 'ARTIST'} />
              ))}
            </tbody>
          </table>
        )}
        {users.data && (
          <Pagination
            page={users.data.pagination.page}
            pageCount={users.data.pagination.pageCount}
            hasMore={users.data.pagination.hasMore}
            onPageChange={(next) => update({ page: String(next) })}
            label="Account pages"
          />
        )}
      </div>
    </section>
  );
}

function UserRow({ user, showArtist }: { user: AdminUser; showArtist: boolean }) {
  const badge = STATUS_BADGE[user.status] ?? { label: user.status, tone: '' };
  return (
    <tr>
      <td data-label="Name" className="admin-table__title">
        <span className="users-name">
          {user.profileImagePath ? (
            <img className="users-avatar" src={user.profileImagePath} alt="" />
          ) : (
            <span className="users-avatar" aria-hidden="true">
              {(user.firstName[0] ?? '') + (user.lastName[0] ?? '')}
            </span>
          )}
          <span className="admin-table__primary">{user.name}</span>
        </span>
      </td>
      <td data-label="Email" className="admin-table__muted users-email">
        {user.email}
      </td>
      {showArtist && (
        <td data-label="Artist">
          {user.artist ? (
            <>
              {user.artist.name} <span className="admin-badge">{user.artist.status}</span>
            </>
          ) : (
            '—'
          )}
        </td>
      )}
      <td data-label="Status">
        <span className={`admin-badge ${badge.tone}`}>{badge.label}</span>
      </td>
      <td data-label="Joined" className="admin-table__muted admin-table__date">
        {formatDate(user.createdAt)}
      </td>
      <td className="admin-table__actions">
        {user.role === 'ADMIN' ? (
          <span className="admin-hint">{userAdminMessages.adminCannotBeDisabled}</span>
        ) : (
          <DisableAction user={user} />
        )}
      </td>
    </tr>
  );
}

/** Disable (with a confirmation: the user is signed out at once) or enable an account. */
function DisableAction({ user }: { user: AdminUser }) {
  const [confirming, setConfirming] = useState(false);
  const change = useSetUserDisabled();
  const disabled = user.status === 'SUSPENDED';

  async function apply(disable: boolean) {
    try {
      await change.mutateAsync({ id: user.id, disabled: disable });
      toast.success(disable ? userAdminMessages.disabled(user.name) : userAdminMessages.enabled(user.name));
    } catch (failure) {
      toast.error(failure instanceof ApiError ? failure.message : messages.somethingWentWrong);
    } finally {
      setConfirming(false);
    }
  }

  if (disabled) {
    return (
      <button
        type="button"
        className="admin-link-button"
        aria-label={`Enable ${user.name}`}
        disabled={change.isPending}
        onClick={() => void apply(false)}
      >
        Enable
      </button>
    );
  }
  return (
    <span className="confirm-delete">
      <button
        type="button"
        className="admin-link-button admin-link-button--danger"
        aria-label={`Disable ${user.name}`}
        aria-expanded={confirming}
        onClick={() => setConfirming((open) => !open)}
      >
        Disable
      </button>
      {confirming && (
        <ConfirmPopup
          text={userAdminMessages.confirmDisable(user.name)}
          onConfirm={() => apply(true)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </span>
  );
}
