import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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

// jsdom has no ResizeObserver; Radix's positioned menus (the download menu) measure with one.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
