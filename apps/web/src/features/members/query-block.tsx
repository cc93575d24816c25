import { useDeferredValue, type ReactNode } from 'react';
import { errorMessage } from '../../api/server-errors';
import { Button } from '../../ui/button';

/** The part of a TanStack Query result a block looks at. */
export interface BlockQuery<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export type SkeletonKind = 'hero' | 'songs' | 'cards' | 'page';

/**
 * One block of a screen with its own loading skeleton and its own error with a retry, so a failure here
 * leaves the other blocks as they are. Data already shown stays shown if a later refetch fails.
 */
export function QueryBlock<T>({
  query,
  label,
  skeleton,
  children,
}: {
  query: BlockQuery<T>;
  /** What the block holds, in words ('featured artists'): used in its loading and error messages. */
  label: string;
  skeleton: SkeletonKind;
  children: (data: T) => ReactNode;
}) {
  // When its data first arrives, the block's content renders in the background (React yields to the browser
  // between slices) rather than in one long task; the skeleton stays until then. Later changes to the data (a
  // Hi Five, a refetch) show at once, and data gone (another page's key) goes at once.
  const arrived = query.data !== undefined;
  const shown = useDeferredValue(arrived);
  if (query.data !== undefined && shown) return <>{children(query.data)}</>;
  if (query.isError)
    return (
      <div className="block-error" role="alert">
        <p>
          We couldn't load {label}. <span className="block-error__reason">{errorMessage(query.error)}</span>
        </p>
        <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
          Try again <span className="visually-hidden">to load {label}</span>
        </Button>
      </div>
    );
  return <Skeleton kind={skeleton} label={label} />;
}

const SKELETON_ITEMS: Record<SkeletonKind, number> = { hero: 1, songs: 4, cards: 5, page: 1 };

/** Grey shapes in the block's layout while it loads; announced once as 'Loading {label}…'. */
export function Skeleton({ kind, label }: { kind: SkeletonKind; label: string }) {
  return (
    <div className={`skeleton skeleton--${kind}`} role="status" aria-label={`Loading ${label}…`}>
      {Array.from({ length: SKELETON_ITEMS[kind] }, (_, index) => (
        <span key={index} className="skeleton__item" aria-hidden="true" />
      ))}
    </div>
  );
}
