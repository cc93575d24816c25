import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubLocation } from '../test/test-utils';
import { ErrorBoundary } from './error-boundary';

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ErrorBoundary', () => {
  it('shows what failed in place of the broken part only, and renders it anew on Try again', async () => {
    let broken = true;
    function Part() {
      if (broken) throw new Error('render failed');
      return <p>Songs</p>;
    }
    renderWithClient(
      <>
        <h1>Studio</h1>
        <ErrorBoundary name="songs tab">
          <Part />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(screen.getByRole('heading', { name: 'Studio' })).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Songs')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("Try again resets a failed query's error, so the query runs again", async () => {
    let calls = 0;
    const fetchSongs = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('server down');
      return ['First Light'];
    });
    function Songs() {
      const songs = useQuery({ queryKey: ['songs'], queryFn: fetchSongs, throwOnError: true, retry: false });
      return <p>{songs.data?.join(', ') ?? 'Loading'}</p>;
    }
    renderWithClient(
      <ErrorBoundary name="songs tab">
        <Songs />
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('First Light')).toBeInTheDocument();
    expect(fetchSongs).toHaveBeenCalledTimes(2);
  });

  it('reloads the page when the failed part is code that could not be downloaded', async () => {
    const location = stubLocation('http://localhost/artist/');
    function Lazy(): never {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/studio-app-abc.js');
    }
    renderWithClient(
      <ErrorBoundary name="studio">
        <Lazy />
      </ErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(location.reload).toHaveBeenCalled();
  });
});
