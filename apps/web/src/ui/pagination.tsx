import './pagination.css';

export interface PaginationProps {
  page: number;
  pageCount: number;
  hasMore: boolean;
  onPageChange: (page: number) => void;
  label?: string;
}

/** Page numbers to show: all of them when few, otherwise the first, the last and a window around the current. */
export function visiblePages(page: number, pageCount: number, window = 1): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const pages: (number | 'gap')[] = [1];
  const from = Math.max(2, page - window);
  const to = Math.min(pageCount - 1, page + window);
  if (from > 2) pages.push('gap');
  for (let current = from; current <= to; current++) pages.push(current);
  if (to < pageCount - 1) pages.push('gap');
  pages.push(pageCount);
  return pages;
}

/** Previous, numbered pages, next: previous is off on page 1, next when there are no more, the current page is off. */
export function Pagination({ page, pageCount, hasMore, onPageChange, label = 'Pages' }: PaginationProps) {
  if (pageCount <= 1 && !hasMore) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="pagination__step"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        ‹ <span className="pagination__step-text">Previous</span>
      </button>
      <ol className="pagination__pages">
        {visiblePages(page, pageCount).map((entry, index) =>
          entry === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry}>
              <button
                type="button"
                className="pagination__page"
                onClick={() => onPageChange(entry)}
                disabled={entry === page}
                aria-current={entry === page ? 'page' : undefined}
                aria-label={`Page ${entry}`}
              >
                {entry}
              </button>
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className="pagination__step"
        onClick={() => onPageChange(page + 1)}
        disabled={!hasMore}
        aria-label="Next page"
      >
        <span className="pagination__step-text">Next</span> ›
      </button>
    </nav>
  );
}
