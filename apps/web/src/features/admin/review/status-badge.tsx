import type { ArtistStatus } from '@hfm/shared';

export const STATUS_LABELS: Record<ArtistStatus, string> = {
  PENDING: 'Pending',
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  CANCELLED: 'Cancelled',
};

/** The artist's status as a small coloured label (the word itself carries the meaning). */
export function StatusBadge({ status }: { status: ArtistStatus }) {
  return <span className={`review-badge review-badge--${status.toLowerCase()}`}>{STATUS_LABELS[status]}</span>;
}
