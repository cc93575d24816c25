/**
 * What an area draws while its script loads, and what its page's HTML shows before then: the build renders
 * these into the page (apps/web/page-shells.ts, decision 0038), so nothing moves or flickers on the way to the
 * page. The page carries their styles (apps/web/area-pages.ts). src/app/page-shells.test.tsx holds them to the
 * app's own components (AuthLayout, PublicShell), which the entry does not import: they would come with their
 * own imports and styles.
 */

/**
 * /login before its script: the top of its card as features/auth/auth-layout.tsx draws it.
 */
export function LoginShell() {
  return (
    <main className="auth-page">
      <div className="auth-page__art" aria-hidden="true" />
      <a className="auth-page__brand" href="/main/#/" aria-label="HFM home">
        HFM
      </a>
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">Log in</h1>
        <p className="auth-card__intro">Welcome back. Your music is waiting.</p>
      </section>
    </main>
  );
}

/** While the fans' area loads (/members/..., /a/{slug}): features/shells/public-shell.tsx before it knows who is signed in. */
export function FansShell() {
  return (
    <div className="app-shell app-shell--public">
      <header className="shell-header">
        <div className="shell-header__brand">
          <a href="/main/#/" className="shell-header__logo" aria-label="HFM home">
            HFM
          </a>
        </div>
        <div className="shell-header__user" />
      </header>
      <main className="app-shell__main" />
    </div>
  );
}
