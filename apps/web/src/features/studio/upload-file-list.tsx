import { Button } from '../../ui/button';
import type { UploadItem } from './use-song-uploads';

export interface UploadFileListProps {
  items: UploadItem[];
  onRetry: (key: string) => void;
}

/**
 * A row per file: its progress, 'Uploaded', or 'Failed' with the reason, and a Retry (which resumes
 * the same song's upload) only where sending again can succeed.
 */
export function UploadFileList({ items, onRetry }: UploadFileListProps) {
  return (
    <ul className="new-song__files">
      {items.map((item) => (
        <li key={item.key}>
          <span className="new-song__file-name">{item.fileName}</span>
          {item.phase === 'failed' ? (
            <span className="new-song__failed">
              <span>
                <strong>Failed</strong>
                {item.failure && <span className="new-song__reason">{item.failure.reason}</span>}
              </span>
              {item.failure?.retryable && (
                <Button variant="secondary" aria-label={`Retry ${item.fileName}`} onClick={() => onRetry(item.key)}>
                  Retry
                </Button>
              )}
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
