import type { ArtistSummary, HeroArtist, MemberHomeLists } from '@hfm/shared';
import { Link } from 'react-router';
import { useArtistSummary } from '../../../api/discovery/get-artist-summary';
import { useHeroArtist } from '../../../api/discovery/get-hero-artist';
import { useMemberHomeLists } from '../../../api/discovery/get-member-home-lists';
import { useNewReleases } from '../../../api/releases/get-new-releases';
import { DocumentNotices } from '../../../components/document-notices';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { HomeLists } from './home-lists';
import { QueryBlock } from '../query-block';
import { SongRows } from '../song-rows';
import { useViewer } from '../viewer';
import '../members.css';
import './member-home.css';

/** /members/: the hero artist, their songs, and the lists to browse; each block loads and fails on its own. */
export function MemberHomePage() {
  useDocumentTitle('Your music');
  const { user } = useViewer();
  const hero = useHeroArtist();
  const lists = useMemberHomeLists();
  const empty = hero.data === null && lists.data !== undefined && isEmpty(lists.data);
  return (
    <div className="discover">
      <header>
        <p className="discover-eyebrow">Your music</p>
        <h1 className="discover-page-title">Welcome{user?.firstName ? `, ${user.firstName}` : ''}</h1>
      </header>
      <DocumentNotices />
      <NewForYou />
      {empty ? (
        <EmptyCatalogue />
      ) : (
        <>
          {hero.data !== null && (
            <section className="discover-section" aria-label="Featured artist">
              <QueryBlock query={hero} label="the featured artist" skeleton="hero">
                {(artist) => artist && <HeroBanner artist={artist} />}
              </QueryBlock>
            </section>
          )}
          {hero.data !== null && !(hero.isError && !hero.data) && (
            <SummaryBlock heroId={hero.data?.id} heroName={hero.data?.name} />
          )}
          <HomeLists query={lists} />
        </>
      )}
    </div>
  );
}

/**
 * New for you: what the fan's artists released that the fan has not played yet, newest first; left out when
 * there is nothing (or it fails: the rest of home does not wait for it).
 */
function NewForYou() {
  const fresh = useNewReleases();
  const items = fresh.data?.items ?? [];
  if (items.length === 0) return null;
  const more = (fresh.data?.count ?? 0) - items.length;
  return (
    <section className="discover-section new-for-you" aria-labelledby="new-for-you-title">
      <div className="discover-section__head">
        <h2 id="new-for-you-title">
          New for you <span className="new-for-you__count">{fresh.data?.count}</span>
        </h2>
        {more > 0 && <p className="discover-section__more">and {more} more</p>}
      </div>
      <p className="new-for-you__lead">Just released by artists you subscribe to.</p>
      <SongRows songs={items} label="New for you" showArtist subscribed />
    </section>
  );
}

export function HeroBanner({ artist }: { artist: HeroArtist }) {
  const backdrop = artist.bannerImagePath ?? artist.photo;
  return (
    <div className="hero-banner">
      {backdrop && <img className="hero-banner__image" src={backdrop} alt="" />}
      <div className="hero-banner__body">
        <p className="discover-eyebrow">Featured artist</p>
        <h2 className="hero-banner__name">{artist.name}</h2>
        {artist.genre && <p className="hero-banner__genre">{artist.genre.label}</p>}
        {artist.featuredBio && <p className="hero-banner__bio">{artist.featuredBio}</p>}
        <Link className="button button--primary hero-banner__cta" to={`/a/${artist.slug}`}>
          <span>Open artist page</span>
        </Link>
      </div>
    </div>
  );
}

/** The hero's songs, playable: asked for once the hero is known. */
export function SummaryBlock({ heroId, heroName }: { heroId: string | undefined; heroName: string | undefined }) {
  const summary = useArtistSummary(heroId);
  const title = heroName ? `Songs by ${heroName}` : 'Songs';
  return (
    <section className="discover-section" aria-labelledby="summary-title">
      <div className="discover-section__head">
        <h2 id="summary-title">{title}</h2>
        {summary.data && (
          <Link className="discover-section__more" to={`/a/${summary.data.slug}`}>
            See all <span className="visually-hidden">of {summary.data.name}</span>
          </Link>
        )}
      </div>
      <QueryBlock query={summary} label={heroName ? `${heroName}'s songs` : 'the songs'} skeleton="songs">
        {(artist: ArtistSummary) => <SongRows songs={artist.songs} label={title} />}
      </QueryBlock>
    </section>
  );
}

export function isEmpty(lists: MemberHomeLists): boolean {
  return Object.values(lists).every((list: unknown[]) => list.length === 0);
}

/** No artist has published yet: say so kindly instead of showing empty rows. */
export function EmptyCatalogue() {
  return (
    <section className="discover-empty-catalogue" aria-labelledby="empty-catalogue-title">
      <span className="discover-empty-catalogue__icon" aria-hidden="true">
        ♫
      </span>
      <h2 id="empty-catalogue-title">The stage is being set</h2>
      <p>
        No artists have released music on HFM yet. New artists join all the time: come back soon to find them, listen,
        and subscribe to the ones you love.
      </p>
    </section>
  );
}
