import { useMemo } from 'react';
import { lazyModule } from './lazy-module';

/** DOMPurify and the allow-list: a chunk of their own, fetched when rich text is first shown. */
export const sanitizer = lazyModule(() => import('./sanitize'));

/**
 * Rich text from the server, shown as HTML. The server sanitises it already; this keeps to the same allow-list
 * again (@hfm/shared rich-text.ts), so a slip there can never run script here. Links to other sites open in
 * a new tab. Empty until the sanitiser has loaded.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const sanitize = sanitizer.useModule();
  const clean = useMemo(() => sanitize?.sanitizeHtml(html) ?? '', [sanitize, html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
