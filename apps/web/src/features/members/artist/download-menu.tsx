import { lazy, Suspense, useState, type ReactNode } from 'react';
import './download-menu.css';

/** The menus and their dropdown library: loaded when a button is first pointed at, focused or pressed. */
const loadDropdowns = () => import('./download-dropdowns');
const SongDownloadDropdown = lazy(() => loadDropdowns().then((module) => ({ default: module.SongDownloadDropdown })));
const AlbumDownloadDropdown = lazy(() => loadDropdowns().then((module) => ({ default: module.AlbumDownloadDropdown })));
const KeptZipDropdown = lazy(() => loadDropdowns().then((module) => ({ default: module.KeptZipDropdown })));

/**
 * A download button that becomes its dropdown menu on the first press: until then a plain button, so a
 * list of songs loads no menu code. The menu replaces it and opens at once (it shows the formats).
 */
function DeferredMenu({ button, menu }: { button: (props: ButtonProps) => ReactNode; menu: ReactNode }) {
  const [pressed, setPressed] = useState(false);
  const preload = () => void loadDropdowns();
  if (!pressed) return button({ onClick: () => setPressed(true), onPointerEnter: preload, onFocus: preload });
  return <Suspense fallback={button({ 'aria-busy': true })}>{menu}</Suspense>;
}

interface ButtonProps {
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  'aria-busy'?: boolean;
}

/** The download button of a song row: pressed, its menu lists the formats with their sizes. */
export function DownloadMenu({ songId, title }: { songId: string; title: string }) {
  return (
    <DeferredMenu
      button={(props) => (
        <button
          type="button"
          className="download-menu__button"
          aria-label={`Download ${title}`}
          aria-haspopup="menu"
          {...props}
        >
          <DownloadIcon />
        </button>
      )}
      menu={<SongDownloadDropdown songId={songId} title={title} />}
    />
  );
}

/** An album's download button: the whole album as one zip, in the format chosen. */
export function AlbumDownloadMenu({ albumId, name }: { albumId: string; name: string }) {
  return (
    <DeferredMenu
      button={zipButton(`Download the album ${name}`, 'Download album')}
      menu={<AlbumDownloadDropdown albumId={albumId} name={name} />}
    />
  );
}

/** My Music: everything the member keeps by one artist, as one zip in the format chosen. */
export function KeptZipDownloadMenu({
  memberId,
  artistId,
  name,
}: {
  memberId: string;
  artistId: string;
  name: string;
}) {
  return (
    <DeferredMenu
      button={zipButton(`Download all by ${name}`, 'Download all')}
      menu={<KeptZipDropdown memberId={memberId} artistId={artistId} name={name} />}
    />
  );
}

/** A zip's button before its menu loads: the same name and text as the loaded menu's trigger. */
function zipButton(name: string, text: string) {
  return function ZipButton(props: ButtonProps) {
    return (
      <button type="button" className="album-download__button" aria-label={name} aria-haspopup="menu" {...props}>
        <DownloadIcon />
        {text}
      </button>
    );
  };
}

export function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3V3zM5 18h14v2H5z" />
    </svg>
  );
}
