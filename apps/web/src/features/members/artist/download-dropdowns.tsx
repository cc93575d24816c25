import { downloadOptionText, type DownloadFormat, type DownloadOption } from '@hfm/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useAlbumDownloadOptions } from '../../../api/library/get-album-download-options';
import { useDownloadOptions } from '../../../api/library/get-download-options';
import { useDownloadAlbum, useDownloadKeptZip, useDownloadSong } from '../../../api/library/download-song';
import { useKeptZipOptions } from '../../../api/library/get-kept-zip-options';
import { errorMessage } from '../../../api/server-errors';
import { toastError } from '../../../ui/deferred-toaster';
import { DownloadIcon } from './download-menu';

/**
 * The song's menu behind its download button (download-menu.tsx loads this on the first press, open):
 * opening it fetches the formats with their sizes ("FLAC · 24.1 MB"); choosing one asks for the signed URL
 * and starts the download.
 */
export function SongDownloadDropdown({ songId, title }: { songId: string; title: string }) {
  const [open, setOpen] = useState(true);
  const options = useDownloadOptions(songId, open);
  const download = useDownloadSong();

  function choose(format: DownloadFormat) {
    download.mutate({ songId, format }, { onError: startFailed });
  }

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="download-menu__button"
          aria-label={`Download ${title}`}
          aria-busy={download.isPending || undefined}
        >
          <DownloadIcon />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="download-menu" align="end" sideOffset={4} collisionPadding={8}>
          <DropdownMenu.Label className="download-menu__label">Download</DropdownMenu.Label>
          <DownloadOptionItems options={options} onChoose={choose} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const startFailed = (error: unknown) => toastError(`Your download did not start: ${errorMessage(error)}`);

/**
 * The album's menu behind its download button, loaded and opened the same way: the album as one zip, each
 * format with the size of its zip ("FLAC · 182 MB").
 */
export function AlbumDownloadDropdown({ albumId, name }: { albumId: string; name: string }) {
  const [open, setOpen] = useState(true);
  const options = useAlbumDownloadOptions(albumId, open);
  const download = useDownloadAlbum();
  return (
    <ZipDownloadDropdown
      open={open}
      onOpenChange={setOpen}
      name={`Download the album ${name}`}
      text="Download album"
      heading="Download album (.zip)"
      align="start"
      options={options}
      busy={download.isPending}
      onChoose={(format) => download.mutate({ albumId, format }, { onError: startFailed })}
    />
  );
}

/**
 * My Music's "download everything kept" of one artist: one zip in the format chosen, each format with the
 * size of its zip ("~" until every file in it is made).
 */
export function KeptZipDropdown({ memberId, artistId, name }: { memberId: string; artistId: string; name: string }) {
  const [open, setOpen] = useState(true);
  const options = useKeptZipOptions(memberId, artistId, open);
  const download = useDownloadKeptZip();
  return (
    <ZipDownloadDropdown
      open={open}
      onOpenChange={setOpen}
      name={`Download all by ${name}`}
      text="Download all"
      heading={`Everything by ${name} (.zip)`}
      align="end"
      options={options}
      busy={download.isPending}
      onChoose={(format) => download.mutate({ memberId, artistId, format }, { onError: startFailed })}
    />
  );
}

/** A zip's download button and its menu of formats (the album's, an artist's kept songs). */
function ZipDownloadDropdown(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button's accessible name: it holds the visible text (axe). */
  name: string;
  text: string;
  heading: string;
  align: 'start' | 'end';
  options: UseQueryResult<DownloadOption[]>;
  busy: boolean;
  onChoose: (format: DownloadFormat) => void;
}) {
  return (
    <DropdownMenu.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="album-download__button"
          aria-label={props.name}
          aria-busy={props.busy || undefined}
        >
          <DownloadIcon />
          {props.text}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="download-menu" align={props.align} sideOffset={4} collisionPadding={8}>
          <DropdownMenu.Label className="download-menu__label">{props.heading}</DropdownMenu.Label>
          <DownloadOptionItems options={props.options} onChoose={props.onChoose} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** A menu's formats with their sizes, or what keeps them from showing. */
function DownloadOptionItems({
  options,
  onChoose,
}: {
  options: UseQueryResult<DownloadOption[]>;
  onChoose: (format: DownloadFormat) => void;
}) {
  if (options.isPending) return <p className="download-menu__note">Loading...</p>;
  if (options.isError) return <p className="download-menu__note">{errorMessage(options.error)}</p>;
  if (options.data.length === 0) return <p className="download-menu__note">This download is not available.</p>;
  return options.data.map((option) => (
    <DropdownMenu.Item key={option.format} className="download-menu__item" onSelect={() => onChoose(option.format)}>
      {downloadOptionText(option)}
    </DropdownMenu.Item>
  ));
}
