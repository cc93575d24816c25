import type { ArtistCard, PlaylistCard, PublicGenre } from '@hfm/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useRememberedScroll } from './scroll-memory';
import { useViewer } from './viewer';
import './cards.css';
import { countOf } from '../../ui/count-of';

/** A row of cards: a wrapping grid on wide screens, a sideways strip (whose position is remembered) on phones. */
export function CardRow({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const ref = useRememberedScroll<HTMLUListElement>(id);
  return (
    <ul ref={ref} className="tile-grid card-row" aria-label={label} data-row={id}>
      {children}
    </ul>
  );
}

export function ArtistCardLink({
  artist,
}: {
  artist: Pick<ArtistCard, 'name' | 'slug' | 'photo'> & { genre: string | null };
}) {
  return (
    <li className="card">
      <Link className="card__link" to={`/a/${artist.slug}`}>
        <CardImage src={artist.photo} round initials={artist.name} />
        <span className="card__title">{artist.name}</span>{' '}
        {artist.genre && <span className="card__meta">{artist.genre}</span>}
      </Link>
    </li>
  );
}

export function PlaylistCardLink({ playlist }: { playlist: PlaylistCard }) {
  const { catalogueBase } = useViewer();
  return (
    <li className="card card--wide">
      <Link className="card__link" to={`${catalogueBase}/playlists/${playlist.id}`}>
        <CardImage src={playlist.artworkPath} initials={playlist.title} />
        <span className="card__title">{playlist.title}</span>{' '}
        <span className="card__meta">{countOf(playlist.songCount, 'song')}</span>
      </Link>
    </li>
  );
}

export function GenreCardLink({ genre }: { genre: PublicGenre }) {
  const { catalogueBase } = useViewer();
  return (
    <li className="card card--genre">
      <Link className="card__link" to={`${catalogueBase}/genres/${genre.id}`}>
        <CardImage src={genre.artwork} initials={genre.label} />
        <span className="card__title">{genre.label}</span>
      </Link>
    </li>
  );
}

/** The image, or the first letters on the brand gradient when there is none. */
function CardImage({ src, round = false, initials }: { src: string | null; round?: boolean; initials: string }) {
  const className = `card__image${round ? ' card__image--round' : ''}`;
  if (src) return <img className={className} src={src} alt="" loading="lazy" />;
  return (
    <span className={`${className} card__image--blank`} aria-hidden="true">
      {initialsOf(initials)}
    </span>
  );
}

export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return letters || '♪';
}
