import * as Switch from '@radix-ui/react-switch';
import { HashRouter, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import type { SessionProfile } from '../../api/session';
import { ErrorBoundary } from '../../ui/error-boundary';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useScrollableTabs } from '../../ui/use-scrollable-tabs';
import { AdminOptionsProvider, useAdminOptions } from './admin-options';
import { ADMIN_SECTIONS, type AdminSection } from './admin-sections';
import './admin.css';

/** /admin/: the sections in a hash router (`/admin/#/submissions`), with the admin options toggle. */
export default function AdminApp({ profile }: { profile: SessionProfile }) {
  return (
    <AdminOptionsProvider>
      <HashRouter>
        <AdminLayout profile={profile} sections={ADMIN_SECTIONS} />
      </HashRouter>
    </AdminOptionsProvider>
  );
}

export function AdminLayout({ profile, sections }: { profile: SessionProfile; sections: AdminSection[] }) {
  const { pathname } = useLocation();
  const current = sections.find((section) => pathname.split('/')[1] === section.path);
  useDocumentTitle(current ? `${current.label} · Admin` : 'Admin');
  return (
    <div className="admin">
      <div className="admin__bar">
        <AdminNav sections={sections} selected={current?.path ?? ''} />
        <AdminOptionsToggle />
      </div>
      <Routes>
        {sections.map((section) => (
          <Route
            key={section.path}
            path={`/${section.path}/*`}
            element={<ErrorBoundary name={`admin ${section.label}`}>{section.element}</ErrorBoundary>}
          />
        ))}
        <Route
          path="*"
          element={
            sections[0] && pathname === '/' ? (
              <Navigate to={`/${sections[0].path}`} replace />
            ) : (
              <AdminWelcome profile={profile} unknown={pathname !== '/'} />
            )
          }
        />
      </Routes>
    </div>
  );
}

function AdminNav({ sections, selected }: { sections: AdminSection[]; selected: string }) {
  const list = useScrollableTabs<HTMLElement>(selected);
  if (sections.length === 0) return null;
  return (
    <nav ref={list} className="admin__nav" aria-label="Admin">
      {sections.map((section) => (
        <NavLink key={section.path} to={`/${section.path}`} className="admin__nav-link">
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}

function AdminOptionsToggle() {
  const { showAdminOptions, setShowAdminOptions } = useAdminOptions();
  return (
    <label className="admin__options">
      <span>Admin options</span>
      <Switch.Root
        className="admin__switch"
        checked={showAdminOptions}
        onCheckedChange={setShowAdminOptions}
        aria-label="Admin options"
      >
        <Switch.Thumb className="admin__switch-thumb" />
      </Switch.Root>
    </label>
  );
}

function AdminWelcome({ profile, unknown }: { profile: SessionProfile; unknown: boolean }) {
  if (unknown) {
    return (
      <section className="shell-hero">
        <p className="shell-hero__eyebrow">Admin</p>
        <h1>Page not found</h1>
        <p>There is no such admin page. Choose a section above.</p>
      </section>
    );
  }
  return (
    <section className="shell-hero">
      <p className="shell-hero__eyebrow">Admin</p>
      <h1>Welcome, {profile.user.firstName || profile.user.name}</h1>
      <p>You are signed in as an administrator ({profile.user.email}).</p>
    </section>
  );
}
