/**
 * What an area's page shows before its script has arrived (decision 0038): the top of the screen the app
 * renders first, in the same markup and with the same styles (the build links the area's stylesheets for
 * these pages), so the browser paints it as soon as the HTML is in. The app's first render replaces it with
 * the same elements. `src/app/page-shells.test.tsx` renders the app's components and checks each shell
 * against them. Static text only: nothing here comes from a request.
 */
export const PAGE_SHELLS: Partial<Record<string, string>> = {
  // /login: features/auth/auth-layout.tsx with the login page's title and intro, before the form.
  login:
    '<main class="auth-page"><div class="auth-page__art" aria-hidden="true"></div>' +
    '<a class="auth-page__brand" href="/main/#/" aria-label="HFM home">HFM</a>' +
    '<section class="auth-card" aria-labelledby="auth-title"><h1 id="auth-title">Log in</h1>' +
    '<p class="auth-card__intro">Welcome back. Your music is waiting.</p></section></main>',
  // /members/... and /a/{slug}: features/shells/public-shell.tsx while the app asks who is signed in (the
  // header's brand, no buttons yet), the page's own first render still to come in <main>.
  fans:
    '<div class="app-shell app-shell--public"><header class="shell-header"><div class="shell-header__brand">' +
    '<a href="/main/#/" class="shell-header__logo" aria-label="HFM home">HFM</a></div>' +
    '<div class="shell-header__user"></div></header><main class="app-shell__main"></main></div>',
};
