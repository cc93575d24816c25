import { afterEach, expect } from 'vitest';
import { takeConsoleWarnings } from './browser.ts';

/**
 * No screen may print a console warning (React Router's, React's, the browser's own): every browser test fails
 * on one, whichever page printed it. Loaded before each test file (vitest.config.ts setupFiles).
 */
afterEach(() => {
  expect(takeConsoleWarnings(), 'console warnings printed during this test').toEqual([]);
});
