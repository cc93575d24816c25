import { afterEach, beforeEach, expect } from 'vitest';
import { closeTestContexts, startTestContexts, takeConsoleWarnings } from './browser.ts';

/**
 * No screen may print a console warning (React Router's, React's, the browser's own): every browser test fails
 * on one, whichever page printed it. Loaded before each test file (vitest.config.ts setupFiles).
 */
afterEach(() => {
  expect(takeConsoleWarnings(), 'console warnings printed during this test').toEqual([]);
});

/** The pages a test opened close when it ends (browser.ts closeTestContexts): none runs on into later tests. */
beforeEach(() => startTestContexts());
afterEach(() => closeTestContexts());
