import { Button } from '../../ui/button';
import type { UploadItem } from './use-song-uploads';

export interface UploadFileListProps {
  items: UploadItem[];
  onRetry: (key: string) => void;
}

/** A row per file: its progress, 'Uploaded', or 'Failed' with a Retry that resumes the same song's upload. */
export function UploadFileList({ items, onRetry }: UploadFileListProps) {
  return (
    <ul className="new-song__files">
      {items.map((item) => (
        <li key={item.key}>
          <span>{item.fileName}</span>
          {item.phase === 'failed' ? (
            <span className="new-song__failed">
              <span>Failed</span>
              <Button variant="secondary" aria-label={`Retry ${item.fileName}`} onClick={() => onRetry(item.key)}>
                Retry
              </Button>
            </span>
          ) : item.phase === 'uploaded' ? (
            <span className="new-song__uploaded">Uploaded</span>
          ) : (
            <span>{`${Math.round(item.progress)}%`}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
