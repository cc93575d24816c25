import { DOWNLOAD_FORMAT_LABELS, DOWNLOAD_FORMATS, downloadOptionText, type DownloadFormat } from '@hfm/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { toast } from 'sonner';
import { useDownloadOptions } from '../../api/library/get-download-options';
import { useDownloadAlbum, useDownloadSong } from '../../api/library/download-song';
import { errorMessage } from '../../api/server-errors';
import './download-menu.css';

/**
 * The download button of a song row: opening it fetches the formats with their sizes ("FLAC · 24.1 MB");
 * choosing one asks for the signed URL and starts the download.
 */
export function DownloadMenu({ songId, title }: { songId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const options = useDownloadOptions(songId, open);
  const download = useDownloadSong();

  function choose(format: DownloadFormat) {
    download.mutate(
      { songId, format },
      { onError: (error) => toast.error(`Your download did not start: ${errorMessage(error)}`) },
    );
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
          {options.isPending && <p className="download-menu__note">Loading...</p>}
          {options.isError && <p className="download-menu__note">{errorMessage(options.error)}</p>}
          {options.data?.length === 0 && <p className="download-menu__note">This download is not available.</p>}
          {options.data?.map((option) => (
            <DropdownMenu.Item
              key={option.format}
              className="download-menu__item"
              onSelect={() => choose(option.format)}
            >
              {downloadOptionText(option)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** An album's download button: the whole album as one zip, in the format chosen. */
export function AlbumDownloadMenu({ albumId, name }: { albumId: string; name: string }) {
  const download = useDownloadAlbum();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="album-download__button" aria-label={`Download the album ${name}`}>
          <DownloadIcon />
          Download album
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="download-menu" align="start" sideOffset={4} collisionPadding={8}>
          <DropdownMenu.Label className="download-menu__label">Download album (.zip)</DropdownMenu.Label>
          {DOWNLOAD_FORMATS.map((format) => (
            <DropdownMenu.Item
              key={format}
              className="download-menu__item"
              onSelect={() => download({ albumId, format })}
            >
              {DOWNLOAD_FORMAT_LABELS[format]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3V3zM5 18h14v2H5z" />
    </svg>
  );
}
