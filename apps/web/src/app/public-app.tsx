import { messages } from '@hfm/shared';
import { Suspense, useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import {
  HashRouter,
  MemoryRouter,
  Outlet,
  Route,
  Routes,
  useLocation,
  useSearchParams,
  type Location,
} from 'react-router';
import { AboutPage } from '../features/landing/about-page';
import { ArtistLandingPage } from '../features/landing/artist-landing-page';
import { FanLandingPage } from '../features/landing/fan-landing-page';
import { NotFoundPage } from '../features/landing/not-found-page';
import { PressPage } from '../features/landing/press-page';
import { ComingSoonPage } from '../features/coming-soon/coming-soon-page';
import { WelcomePage } from '../features/welcome/welcome-page';
import { CrossFade } from '../ui/cross-fade';
import { ErrorBoundary } from '../ui/error-boundary';
import { SiteFooter } from '../components/site-footer';
import { SiteNav } from '../components/site-nav';
import { lazyWithQueries } from './lazy-with-queries';

// The screens that ask the API load with the query cache; the welcome and landing screens ask nothing.
const ArtistSignUpPage = lazyWithQueries(() => import('../features/signup/artist-sign-up-page'));
const FanSignUpPage = lazyWithQueries(() => import('../features/signup/fan-sign-up-page'));
const ConfirmPage = lazyWithQueries(() => import('../features/auth/confirm-page'));
const FanSignUpModal = lazyWithQueries(async () => ({
  default: (await import('../features/signup/fan-sign-up-modal')).FanSignUpModal,
}));
const UserTermsPage = lazyWithQueries(() => import('../features/legal/user-terms-page'));
const TermsConditionsPage = lazyWithQueries(() => import('../features/legal/terms-conditions-page'));
const PrivacyPolicyPage = lazyWithQueries(() => import('../features/legal/privacy-policy-page'));
const LicenseAgreementPage = lazyWithQueries(() => import('../features/legal/license-agreement-page'));

/** The public site at /main/#/...: welcome, landing, legal, sign-up and confirmation screens. */
export default function PublicApp({ unknownPath = false }: { unknownPath?: boolean }) {
  if (unknownPath)
    return (
      <MemoryRouter initialEntries={[NOT_FOUND_PATH]}>
        <LeaveForSite />
        <PublicRoutes />
      </MemoryRouter>
    );
  return (
    <HashRouter>
      <PublicRoutes />
    </HashRouter>
  );
}

/** No screen has this path, so the site's catch-all shows its not-found screen. */
const NOT_FOUND_PATH = '/page-not-found';

/** On an unknown path (e.g. /nothing-here) the not-found screen's links lead into the site at /main/#/. */
function LeaveForSite() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (pathname !== NOT_FOUND_PATH) window.location.assign(`/main/#${pathname}${search}`);
  }, [pathname, search]);
  return null;
}

/** Every public screen; cross-fades between paths. Rendered inside any router (tests use MemoryRouter). */
export function PublicRoutes() {
  const location = useLocation();
  useScrollOnNavigate(location);
  return (
    <>
      <AccountDeletedNotice />
      <CrossFade location={location}>{(screen) => <PublicScreen location={screen} />}</CrossFade>
      <FanSignUpModalHost />
    </>
  );
}

/** `?account=deleted` (where deleting an account lands): says so until it is closed, which drops the parameter. */
function AccountDeletedNotice() {
  const [params, setParams] = useSearchParams();
  if (params.get('account') !== 'deleted') return null;
  const close = () =>
    setParams((current) => {
      current.delete('account');
      return current;
    });
  return (
    <div className="site-notice" role="status">
      <p>{messages.accountDeleted}</p>
      <button type="button" className="site-notice__close" aria-label="Close" onClick={close}>
        ×
      </button>
    </div>
  );
}

/**
 * `?signup=fan` on any public screen opens the 'Fan Sign Up' modal over it; closing drops the parameter.
 * Sign Up With Facebook comes back here with `&social={token}` (prefilled) or `&socialError={reason}`.
 */
function FanSignUpModalHost() {
  const [params, setParams] = useSearchParams();
  if (params.get('signup') !== 'fan') return null;
  const close = () =>
    setParams((current) => {
      for (const name of ['signup', 'social', 'socialError']) current.delete(name);
      return current;
    });
  return (
    <Suspense fallback={null}>
      <FanSignUpModal
        open
        onOpenChange={(open) => !open && close()}
        socialToken={params.get('social')}
        socialError={params.get('socialError')}
      />
    </Suspense>
  );
}

function PublicScreen({ location }: { location: Location }) {
  return (
    <ErrorBoundary name={`screen ${location.pathname}`}>
      <Suspense fallback={<ScreenLoading />}>
        <Routes location={location}>
          <Route index element={<WelcomePage />} />
          <Route path="artist-sign-up" element={<ArtistSignUpPage />} />
          <Route path="fan-sign-up" element={<FanSignUpPage />} />
          <Route path="confirm" element={<ConfirmPage />} />
          <Route path="coming-soon" element={<ComingSoonPage />} />
          <Route element={<SiteLayout />}>
            <Route path="artists" element={<ArtistLandingPage variant="desktop" />} />
            <Route path="artists-mobile" element={<ArtistLandingPage variant="mobile" />} />
            <Route path="fans" element={<FanLandingPage variant="desktop" />} />
            <Route path="fans-mobile" element={<FanLandingPage variant="mobile" />} />
            <Route path="about" element={<AboutPage />} />
            <Route path="press" element={<PressPage />} />
            <Route path="user-terms" element={<UserTermsPage />} />
            <Route path="terms-conditions" element={<TermsConditionsPage />} />
            <Route path="user-privacy-policy" element={<PrivacyPolicyPage />} />
            <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
            <Route path="user-license-agreement" element={<LicenseAgreementPage />} />
            {/* The spec's catch-all falls through to this nested set: a friendly not-found inside the site layout. */}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

const ARTIST_PATHS = ['/artists', '/artists-mobile', '/user-license-agreement'];

/** Navigation, main content and footer shared by the landing and legal screens. */
function SiteLayout() {
  const { pathname } = useLocation();
  const signUpTo = ARTIST_PATHS.includes(pathname) ? '/artist-sign-up' : '/fan-sign-up';
  return (
    <div className="site-layout">
      <a className="skip-link" href="#main-content" onClick={focusMainContent}>
        Skip to content
      </a>
      <SiteNav signUpTo={signUpTo} />
      <main id="main-content" tabIndex={-1} className="site-main">
        <Suspense fallback={<ScreenLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

/** The skip link's href would be read as a route by the hash router, so it moves focus itself. */
function focusMainContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main-content')?.focus();
}

function ScreenLoading(): ReactNode {
  return <div className="page-loading">{messages.loading}</div>;
}

/** A new path starts at the top; a #section (e.g. #userGuidelines) scrolls to that section once it renders. */
function useScrollOnNavigate(location: Location) {
  const lastPathname = useRef(location.pathname);
  useEffect(() => {
    const pathChanged = lastPathname.current !== location.pathname;
    lastPathname.current = location.pathname;
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) return scrollToSectionWhenReady(id);
    if (pathChanged) window.scrollTo({ top: 0 });
  }, [location.pathname, location.hash, location.key]);
}

function scrollToSectionWhenReady(id: string): () => void {
  let frame = 0;
  let attempts = 0;
  const tryScroll = () => {
    const section = document.getElementById(id);
    if (section) return section.scrollIntoView?.({ block: 'start' });
    if (++attempts < 60) frame = window.requestAnimationFrame(tryScroll);
  };
  tryScroll();
  return () => window.cancelAnimationFrame(frame);
}
