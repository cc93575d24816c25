/**
 * While /login's script loads: the top of its card as features/auth/auth-layout.tsx draws it, the same
 * elements as the shell in the page's HTML (page-shells.ts), so nothing moves or flickers on the way to the
 * form. Its styles are linked by the page (apps/web/area-pages.ts).
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
