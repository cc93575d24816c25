import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { initialsOf } from './cards';
import { useViewer } from './viewer';
import './page-header.css';

/** The top of a genre or playlist page: artwork, what it is, its name, and actions. */
export function PageHeader({
  eyebrow,
  title,
  image,
  meta,
  children,
}: {
  eyebrow: string;
  title: string;
  image: string | null;
  meta?: string;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      {image ? (
        <img className="page-header__image" src={image} alt="" />
      ) : (
        <span className="page-header__image page-header__image--blank" aria-hidden="true">
          {initialsOf(title)}
        </span>
      )}
      <div className="page-header__text">
        <p className="discover-eyebrow">{eyebrow}</p>
        <h1 className="discover-page-title">{title}</h1>
        {meta && <p className="discover-muted">{meta}</p>}
        {children && <div className="page-header__actions">{children}</div>}
      </div>
    </header>
  );
}

export function PageNotFound({ what }: { what: string }) {
  const { isMember, catalogueBase } = useViewer();
  return (
    <div className="discover">
      <section className="discover-empty-catalogue" aria-labelledby="page-not-found-title">
        <h1 id="page-not-found-title" className="discover-page-title">
          No such {what}
        </h1>
        <p>It may have been removed. There is plenty more to hear on {isMember ? 'your home page' : 'HFM'}.</p>
        <Link className="button button--secondary" to={`${catalogueBase}/`}>
          <span>{isMember ? 'Back to your music' : 'Discover music'}</span>
        </Link>
      </section>
    </div>
  );
}
