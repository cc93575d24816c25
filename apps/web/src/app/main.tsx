import { StrictMode, lazy, startTransition, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { messages } from '@hfm/shared';
import { ErrorBoundary } from '../ui/error-boundary';
import { FansShell, LoginShell } from './area-shells';
import { lazyWithQueries } from './lazy-with-queries';
import { registerServiceWorker } from './register-service-worker';
import './styles.css';
import '../ui/surfaces.css';

// The public site's screens that ask the API come with the query cache themselves (public-app.tsx).
const PublicApp = lazy(() => import('./public-app'));
const LoginPage = lazyWithQueries(() => import('../features/auth/login-page'));
const SignedInApp = lazyWithQueries(() => import('./signed-in-app'));
const FanApp = lazyWithQueries(() => import('./fan-app'));
const PayoutOnboardingPage = lazyWithQueries(() => import('../features/payout-onboarding/payout-onboarding-page'));

// The server answers `/` with this page rather than a redirect (one round trip less before the first paint);
// the address becomes the site's own, as the redirect made it.
if (window.location.pathname === '/')
  window.history.replaceState(null, '', `/main/${window.location.search}${window.location.hash || '#/'}`);

/** One bundle serves every page; the path picks the area, and each area loads on its own. */
function Area() {
  const path = window.location.pathname;
  if (path.startsWith('/login')) return <LoginPage />;
  if (path.startsWith('/artist')) return <SignedInApp area="artist" />;
  if (path.startsWith('/admin')) return <SignedInApp area="admin" />;
  // The local payment provider's payout onboarding: the link in the address is its key (no sign-in).
  if (path.startsWith('/connect/onboarding/')) return <PayoutOnboardingPage />;
  // The members area, the public catalogue and the artists' public pages share one router: moving between
  // them keeps the player.
  if (isFansPath(path)) return <FanApp />;
  // The server answers unknown paths with this page and a 404; the site shows its not-found screen.
  return <PublicApp unknownPath={path !== '/' && !path.startsWith('/main')} />;
}

function isFansPath(path: string): boolean {
  return path.startsWith('/members') || path.startsWith('/a/') || path === '/discover' || path.startsWith('/discover/');
}

/** While the area's script loads: /login and the fans' pages keep what their page's HTML drew (page-shells.ts). */
function AreaLoading() {
  const path = window.location.pathname;
  if (path.startsWith('/login')) return <LoginShell />;
  if (isFansPath(path)) return <FansShell />;
  return <div className="page-loading">{messages.loading}</div>;
}

// The first render is a transition, so React renders in slices and lets the browser paint and answer input
// between them: on a slow phone, one long task at start would block the page for hundreds of milliseconds.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <ErrorBoundary name="page">
        <Suspense fallback={<AreaLoading />}>
          <Area />
        </Suspense>
      </ErrorBoundary>
    </StrictMode>,
  ),
);

registerServiceWorker();
