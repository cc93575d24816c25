import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { takeProblems } from './api-contract';
import { CONDITION_TIMEOUT_MS } from './conditions';

configure({ asyncUtilTimeout: CONDITION_TIMEOUT_MS });

afterEach(() => {
  cleanup();
  // The player keeps its queue in the tab's session (player/player-memory.ts): each test starts with none (node-environment tests have no storage)
  globalThis.sessionStorage?.clear();
  // A fetch stub answered something the server could never give (test/test-utils.tsx stubFetch).
  const problems = takeProblems();
  if (problems.length > 0) throw new Error(problems.join('\n'));
});

// The files of a worker share one window (vitest.config.ts, isolate: false): each leaves it as it found it:
// no stubbed globals or fake timers, empty storage, the first address, and no element any file added (a
// script tag the card form added to the head, say). Files in the node environment have no window.
const startUrl = globalThis.window?.location.href;
afterAll(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  if (!globalThis.window || !startUrl) return;
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', startUrl);
  document.title = '';
  document.head.replaceChildren();
  document.body.replaceChildren();
});

// jsdom has no ResizeObserver; Radix's positioned menus (the download menu) measure with one.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
