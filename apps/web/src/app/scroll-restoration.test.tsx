import { act, fireEvent, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration';

let navigate: NavigateFunction;

function Probe() {
  const navigateHere = useNavigate();
  useEffect(() => {
    navigate = navigateHere;
  }, [navigateHere]);
  return <div id="tracks">Tracks</div>;
}

function renderAt(entries: { pathname: string; key: string }[], index = entries.length - 1) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={index}>
      <Probe />
      <ScrollRestoration />
    </MemoryRouter>,
  );
}

function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  fireEvent.scroll(window);
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

describe('ScrollRestoration (the fans’ pages)', () => {
  it('leaves a first visit where the browser put it, and takes the history in hand', () => {
    renderAt([{ pathname: '/members/', key: 'home' }]);
    expect(window.scrollTo).not.toHaveBeenCalled();
    expect(window.history.scrollRestoration).toBe('manual');
  });

  it('goes to the top on a new page, and back to where the fan was on going back', async () => {
    renderAt([{ pathname: '/members/', key: 'home' }]);
    scrolledTo(640);
    await act(async () => navigate('/a/odetta'));
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrolledTo(90);
    await act(async () => navigate(-1));
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 640);
    await act(async () => navigate(1));
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 90);
  });

  it('shows the element the address’s #hash names instead of the top', async () => {
    const scrollIntoView = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderAt([{ pathname: '/members/', key: 'home' }]);
      await act(async () => navigate('/a/odetta#tracks'));
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(window.scrollTo).not.toHaveBeenCalled();
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('keeps the positions across a reload (sessionStorage, written when the page is left)', () => {
    const { unmount } = renderAt([{ pathname: '/members/', key: 'home' }]);
    scrolledTo(300);
    fireEvent(window, new Event('pagehide'));
    unmount();
    expect(window.history.scrollRestoration).toBe('auto');
    renderAt([{ pathname: '/members/', key: 'home' }]);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 300);
  });
});
