import { artistLeftNotice, type ArtistPageView } from '@hfm/shared';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useArtistPage } from '../../../api/discovery/get-artist-page';
import { SafeHtml } from '../../../ui/safe-html';
import { SITE_NAME } from '../../../ui/use-document-title';
import { ArtistAlbums } from './artist-albums';
import { EmbedAction } from '../embed/embed-action';
import { initialsOf } from '../cards';
import { QueryBlock } from '../query-block';
import { SongRows } from '../song-rows';
import { SubscribeOffer } from '../subscribe/subscribe-offer';
import { useViewer } from '../viewer';
import '../members.css';
import './artist-page.css';

/** /a/{slug}: an artist's public page; anyone may open it, signed in or not. */
export function ArtistPage() {
  const { slug = '' } = useParams();
  const page = useArtistPage(slug);
  const name = page.data?.artist.name;
  useEffect(() => {
    document.title = name ? `${name} | ${SITE_NAME}` : SITE_NAME;
  }, [name]);

  if (page.error instanceof ApiError && page.error.status === 404) return <NoSuchArtist />;
  return (
    <div className="discover artist-page">
      <QueryBlock query={page} label="this artist's page" skeleton="page">
        {(data) => <ArtistPageBody data={data} />}
      </QueryBlock>
    </div>
  );
}

const leftOn = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

function ArtistPageBody({ data }: { data: ArtistPageView }) {
  const { artist, albums, songs, offer, termination } = data;
  const viewer = useViewer();
  const subscribed = offer.subscribed || viewer.subscribesTo(artist.id);
  // An artist who has left offers nothing new: a subscriber still sees "Subscribed", others only the notice.
  const showsOffer = !termination || subscribed;
  // Once the artist has left, only subscribers in term (and the artist, admins) get the songs; others the notice.
  const showsSongs = !termination || songs.length > 0;
  useScrollToAlbum();
  return (
    <>
      <header className="artist-header">
        <div className="artist-header__banner">
          {artist.bannerImagePath && <img src={artist.bannerImagePath} alt="" />}
        </div>
        <div className="artist-header__identity">
          <span className="artist-header__photo">
            {artist.photo ? (
              <img src={artist.photo} alt="" />
            ) : (
              <span aria-hidden="true">{initialsOf(artist.name)}</span>
            )}
          </span>
          <div className="artist-header__names">
            <p className="discover-eyebrow">Artist</p>
            <h1 className="discover-page-title">{artist.name}</h1>
            {artist.genre && <p className="artist-header__genre">{artist.genre.label}</p>}
            {!termination && songs.length > 0 && (
              <div className="artist-header__actions">
                <EmbedAction kind="artist" id={artist.slug} name={artist.name} />
              </div>
            )}
          </div>
          {showsOffer && <SubscribeOffer artist={artist} offer={offer} />}
        </div>
      </header>
      {termination && (
        <p className="artist-page__left" role="note">
          {artistLeftNotice(artist.name, leftOn.format(new Date(termination.terminatedAt)))}
        </p>
      )}
      <div className="artist-page__columns">
        <div className="artist-page__main">
          {showsSongs && (
            <section className="discover-section" aria-labelledby="artist-songs-title">
              <h2 id="artist-songs-title">Songs</h2>
              <SongRows songs={songs} label={`Songs by ${artist.name}`} subscribed={subscribed} />
            </section>
          )}
          {albums.length > 0 && (
            <section className="discover-section" aria-labelledby="artist-albums-title">
              <h2 id="artist-albums-title">Albums</h2>
              <ArtistAlbums albums={albums} subscribed={subscribed} artistSlug={artist.slug} />
            </section>
          )}
        </div>
        <aside className="artist-page__aside">
          {artist.bio && (
            <section className="discover-section" aria-labelledby="artist-bio-title">
              <h2 id="artist-bio-title">About</h2>
              <SafeHtml className="artist-page__bio" html={artist.bio} />
            </section>
          )}
          {artist.photos.length > 0 && (
            <section className="discover-section" aria-labelledby="artist-photos-title">
              <h2 id="artist-photos-title">Photos</h2>
              <ul className="artist-photos">
                {artist.photos.map((photo, index) => (
                  <li key={photo}>
                    <img src={photo} alt={`${artist.name}, photo ${index + 1}`} loading="lazy" />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>
    </>
  );
}

/** An old link to /a/{slug}#album-{id} (search linked albums so before their own pages): scroll to it once the page shows. */
function useScrollToAlbum() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith('#album-')) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
}

function NoSuchArtist() {
  const { isMember } = useViewer();
  return (
    <div className="discover">
      <section className="discover-empty-catalogue" aria-labelledby="no-artist-title">
        <h1 id="no-artist-title" className="discover-page-title">
          No such artist
        </h1>
        <p>This page may have moved, or the artist is not on HFM right now.</p>
        {isMember ? (
          <Link className="button button--secondary" to="/members/">
            <span>Find music</span>
          </Link>
        ) : (
          <Link className="button button--secondary" to="/discover">
            <span>Discover music</span>
          </Link>
        )}
      </section>
    </div>
  );
}
