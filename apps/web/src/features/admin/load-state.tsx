import { messages } from '@hfm/shared';

/** What an admin list shows while its query loads or after it failed; nothing once it has data. */
export function LoadState({ query, what }: { query: { isPending: boolean; isError: boolean }; what: string }) {
  if (query.isPending) return <p className="admin-hint">{messages.loading}</p>;
  if (query.isError) {
    return (
      <p className="admin-hint" role="alert">
        The {what} could not be loaded. Please try again.
      </p>
    );
  }
  return null;
}
