import { formatUsd, PRICE_CENTS_PER_ARTIST_YEAR } from '@hfm/shared';
import { useHeroArtist } from '../../../api/discovery/get-hero-artist';
import { useMemberHomeLists } from '../../../api/discovery/get-member-home-lists';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { QueryBlock } from '../query-block';
import { useViewer } from '../viewer';
import { HomeLists } from './home-lists';
import { EmptyCatalogue, HeroBanner, isEmpty, SummaryBlock } from './member-home-page';
import '../members.css';
import './member-home.css';

/**
 * /discover: the public catalogue (docs/decisions/0049), what member home shows without anything of a member:
 * the featured artist and their songs (previews), then playlists, HFM Picks, featured artists, new releases,
 * HFM Radio and genres. Anyone may listen; what needs a subscription asks to sign up.
 */
export function DiscoverHomePage() {
  useDocumentTitle('Discover music');
  const viewer = useViewer();
  const hero = useHeroArtist();
  const lists = useMemberHomeLists();
  const empty = hero.data === null && lists.data !== undefined && isEmpty(lists.data);
  return (
    <div className="discover">
      <header>
        <p className="discover-eyebrow">Discover</p>
        <h1 className="discover-page-title">Find music you love</h1>
        {!viewer.pending && !viewer.user && (
          <p className="discover-muted discover-intro">
            Listen to a preview of every song. Subscribe to an artist for{' '}
            {formatUsd(PRICE_CENTS_PER_ARTIST_YEAR, { grouping: false })} a year to hear everything in full and keep
            what you download.
          </p>
        )}
      </header>
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
