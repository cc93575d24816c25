import { useId, type FormEvent } from 'react';
import { NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useNewReleases } from '../../../api/releases/get-new-releases';
import './header-search.css';

export const SEARCH_PATH = '/members/search';
/** The public catalogue's search (docs/decisions/0049). */
export const DISCOVER_SEARCH_PATH = '/discover/search';

/**
 * The members header: Home, My Music, and the search box. Typing opens the search view with the term in its address
 * (`/members/search?s=...`), so back and forward keep searches; further typing replaces that entry.
 */
export function MembersNav() {
  const fresh = useNewReleases().data?.count ?? 0;
  return (
    <nav className="members-nav" aria-label="Members">
      <NavLink className="members-nav__link" to="/members/" end>
        Home
      </NavLink>
      <NavLink className="members-nav__link" to="/members/my-music">
        My Music
        {fresh > 0 && <NewBadge count={fresh} />}
      </NavLink>
      <HeaderSearch path={SEARCH_PATH} />
      <NavLink className="members-nav__link" to="/members/account">
        Account
      </NavLink>
    </nav>
  );
}

/** The public header's nav for anyone who is not a signed-in fan: Discover and the same search box. */
export function DiscoverNav() {
  return (
    <nav className="members-nav" aria-label="Discover">
      <NavLink className="members-nav__link" to="/discover" end>
        Discover
      </NavLink>
      <HeaderSearch path={DISCOVER_SEARCH_PATH} />
    </nav>
  );
}

/** The count of new releases from the fan's artists (New for you on member home). */
function NewBadge({ count }: { count: number }) {
  const label = `${count} new ${count === 1 ? 'release' : 'releases'}`;
  return (
    <span className="members-nav__badge" title={label}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">, {label}</span>
    </span>
  );
}

function HeaderSearch({ path }: { path: string }) {
  const id = useId();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const onSearchPage = pathname.replace(/\/+$/, '') === path;
  const term = onSearchPage ? (params.get('s') ?? '') : '';

  function search(next: string) {
    const query = next ? `?${new URLSearchParams({ s: next }).toString()}` : '';
    void navigate(`${path}${query}`, { replace: onSearchPage });
  }

  return (
    <form
      className="header-search"
      role="search"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        search(term);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search songs, artists and albums
      </label>
      <svg className="header-search__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" />
      </svg>
      <input
        id={id}
        className="header-search__input"
        type="search"
        placeholder="Search HFM"
        autoComplete="off"
        enterKeyHint="search"
        value={term}
        onChange={(event) => search(event.target.value)}
      />
    </form>
  );
}
