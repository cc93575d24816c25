import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch } from '../../test/test-utils';
import { LazyWaveform } from './lazy-waveform';

/** Records what each observer watches, so a test can scroll one element into view. */
function stubIntersectionObserver() {
  const watched = new Map<Element, IntersectionObserverCallback>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        watched.set(element, this.callback);
      }
      disconnect() {}
    },
  );
  return (element: Element) =>
    act(() =>
      watched.get(element)?.([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as never),
    );
}

afterEach(() => vi.unstubAllGlobals());

describe('LazyWaveform', () => {
  it("asks for a song's peaks only once its row scrolls into view", async () => {
    const scrollIntoView = stubIntersectionObserver();
    const calls = stubFetch([
      {
        method: 'GET',
        path: /\/peaks$/,
        reply: { body: { id: 's', count: 4, peaks: btoa(String.fromCharCode(0, 255, 128, 64)) } },
      },
    ]);
    const { container } = renderWithClient(
      <>
        <LazyWaveform songId="song-1" />
        <LazyWaveform songId="song-2" />
      </>,
    );
    const [first] = container.querySelectorAll('.song-row__waveform');
    expect(calls).toHaveLength(0);

    scrollIntoView(first!);
    expect(await screen.findByTestId('waveform')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['/api/songs/song-1/peaks']));
  });
});
