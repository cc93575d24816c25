import type { PublicArtist, PublicUser } from '@hfm/shared';
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useArtist } from '../../api/artists/get-artist';
import { useSongChanged } from '../../api/songs/song-changed';
import { ErrorBoundary } from '../../ui/error-boundary';
import { AlbumsPanel } from './albums-panel';
import { AuditionForm } from './audition-form';
import { Dashboard } from './dashboard';
import { EarningsPanel } from './earnings/earnings-panel';
import { NewSongModal } from './new-song-modal';
import { PayoutAccountSection } from './payout-account-section';
import { ProfileForm } from './profile-form';
import { ProfileImages } from './profile-images';
import { useUploadLimits } from '../../api/songs/get-upload-limits';
import { SongsPanel } from './songs-panel';
import { tabLabel, TABS, useTabFromAddress, type Tab } from './studio-tabs';
import { TerminateLicenceSection } from './terminate-licence';
import { useAlbumEditor } from './use-album-editor';
import { useSongUploads } from './use-song-uploads';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useScrollableTabs } from '../../ui/use-scrollable-tabs';
import './studio.css';

export interface StudioAppProps {
  user: PublicUser;
  artist: PublicArtist | null;
}

/** The studio at /artist/: dashboard, songs, albums, profile and the audition. */
export default function StudioApp({ user, artist }: StudioAppProps) {
  if (!artist) return <p className="studio-muted">We could not find your artist profile.</p>;
  return <Studio user={user} initialArtist={artist} />;
}

function Studio({ user, initialArtist }: { user: PublicUser; initialArtist: PublicArtist }) {
  const artist = useArtist(initialArtist.id, initialArtist).data ?? initialArtist;
  const [tab, setTab] = useTabFromAddress();
  const tabList = useScrollableTabs<HTMLDivElement>(tab);
  useDocumentTitle(`${tabLabel(tab)} · Studio`);
  const [songModalOpen, setSongModalOpen] = useState(false);
  const albumEditor = useAlbumEditor(artist.id);

  const onSong = useSongChanged(artist.id);
  const uploadLimits = useUploadLimits();
  const uploads = useSongUploads({ artist, onSong, maxSongSeconds: uploadLimits.data?.maxSongSeconds });

  function changeTab(value: string) {
    setTab(value as Tab);
  }

  return (
    <div className="studio">
      <header className="studio__hero">
        <p className="studio__eyebrow">Your studio</p>
        <h1>{artist.name}</h1>
      </header>
      <Tabs.Root value={tab} onValueChange={changeTab} className="studio__tabs">
        <Tabs.List ref={tabList} className="studio__tab-list" aria-label="Studio">
          {TABS.map((entry) => (
            <Tabs.Trigger key={entry.value} value={entry.value} className="studio__tab">
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="dashboard" className="studio__panel">
          <ErrorBoundary name="dashboard tab">
            <Dashboard artist={artist} />
          </ErrorBoundary>
        </Tabs.Content>
        <Tabs.Content value="songs" className="studio__panel">
          <ErrorBoundary name="songs tab">
            <SongsPanel user={user} artist={artist} onSubmitMusic={() => setSongModalOpen(true)} />
          </ErrorBoundary>
        </Tabs.Content>
        <Tabs.Content value="albums" className="studio__panel">
          <ErrorBoundary name="albums tab">
            <AlbumsPanel artist={artist} editor={albumEditor} />
          </ErrorBoundary>
        </Tabs.Content>
        <Tabs.Content value="profile" className="studio__panel studio__panel--grid">
          <ErrorBoundary name="profile tab">
            <ProfileForm key={artist.updatedAt} artist={artist} />
            <ProfileImages user={user} artist={artist} />
            <TerminateLicenceSection artist={artist} />
          </ErrorBoundary>
        </Tabs.Content>
        <Tabs.Content value="audition" className="studio__panel">
          <ErrorBoundary name="bio and photos tab">
            <AuditionForm artist={artist} />
          </ErrorBoundary>
        </Tabs.Content>
        <Tabs.Content value="earnings" className="studio__panel">
          <ErrorBoundary name="earnings tab">
            <EarningsPanel artistId={artist.id} />
          </ErrorBoundary>
        </Tabs.Content>
        <Tabs.Content value="payouts" className="studio__panel">
          <ErrorBoundary name="payouts tab">
            <PayoutAccountSection artist={artist} />
          </ErrorBoundary>
        </Tabs.Content>
      </Tabs.Root>
      <NewSongModal
        open={songModalOpen}
        onOpenChange={setSongModalOpen}
        uploads={uploads}
        onSaved={(songs) => songs.forEach(onSong)}
        onCreateAlbum={(songIds) => {
          changeTab('albums');
          albumEditor.openNew(songIds);
        }}
      />
    </div>
  );
}
