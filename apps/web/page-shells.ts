import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FansShell, LoginShell } from './src/app/area-shells';

/**
 * What an area's page shows before its script has arrived (decision 0038): the elements the entry draws while
 * the area loads (src/app/area-shells.tsx), rendered to HTML when the build writes the area's page, so the
 * browser paints them as soon as the HTML is in (with the styles the page carries, decision 0044). The app's
 * first render replaces them with the same elements. `src/app/page-shells.test.tsx` holds the shells to the
 * app's own components. Static elements only: nothing here comes from a request.
 */
export const PAGE_SHELLS: Partial<Record<string, string>> = {
  login: renderToStaticMarkup(createElement(LoginShell)),
  fans: renderToStaticMarkup(createElement(FansShell)),
};
