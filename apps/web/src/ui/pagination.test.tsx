import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, visiblePages } from './pagination';

describe('Pagination', () => {
  afterEach(cleanup);

  it('disables previous on page 1 and the current page, and moves to the next page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pageCount={3} hasMore onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it('disables next when there are no more pages and lets previous go back', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} pageCount={3} hasMore={false} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('shows nothing for a single page', () => {
    const { container } = render(<Pagination page={1} pageCount={1} hasMore={false} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('keeps the first, the last and the pages around the current one when there are many', () => {
    expect(visiblePages(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(visiblePages(6, 20)).toEqual([1, 'gap', 5, 6, 7, 'gap', 20]);
    expect(visiblePages(2, 20)).toEqual([1, 2, 3, 'gap', 20]);
  });
});
