/**
 * What an area draws while its script loads: the same elements as the shell in its page's HTML
 * (apps/web/page-shells.ts, decision 0038), so nothing moves or flickers on the way to the page. The page carries
 * their styles (apps/web/area-pages.ts). src/app/page-shells.test.tsx holds them to the app's own components.
 */

/**
 * While /login's script loads: the top of its card as features/auth/auth-layout.tsx draws it, the same
 * elements as the shell in the page's HTML (page-shells.ts), so nothing moves or flickers on the way to the
 * form. Its styles are written into the page (apps/web/area-pages.ts, decision 0044).
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
