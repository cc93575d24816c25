import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PAGE_SHELLS } from '../../page-shells';
import { AuthLayout } from '../features/auth/auth-layout';
import LoginPage from '../features/auth/login-page';
import { PublicShell } from '../features/shells/public-shell';

/**
 * The shells painted before the script (decision 0038; the build renders them from ./area-shells.tsx) are the
 * app's own first elements, not a lookalike.
 */
describe('page shells', () => {
  const login = PAGE_SHELLS.login!;

  it("/login's shell is the auth layout with the login page's title and intro", () => {
    expect(
      renderToStaticMarkup(
        <AuthLayout title="Log in" intro="Welcome back. Your music is waiting.">
          {null}
        </AuthLayout>,
      ),
    ).toBe(login);
  });

  it('the login page begins with that shell', () => {
    const page = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <LoginPage />
      </QueryClientProvider>,
    );
    expect(page.startsWith(login.replace('</section></main>', ''))).toBe(true);
  });

  it("the fans' shell is the public shell before the app knows who is signed in", () => {
    const fans = PAGE_SHELLS.fans!;
    expect(
      renderToStaticMarkup(
        <PublicShell user={undefined} returnTo="/a/some-band">
          {null}
        </PublicShell>,
      ),
    ).toBe(fans);
  });

  it('holds static markup only: no script, no handler', () => {
    for (const shell of Object.values(PAGE_SHELLS)) expect(shell).not.toMatch(/<script|\son\w+=|javascript:/i);
  });
});
