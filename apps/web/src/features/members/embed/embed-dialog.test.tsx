import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubRoute } from '../../../test/test-utils';
import { renderDiscover, stubMediaElement } from '../../../test/members-app';
import { artistPage, sessionRoute } from '../../../test/members';

const pageRoute: StubRoute = { method: 'GET', path: '/api/artist-pages/nina-simone', reply: { body: artistPage } };

beforeEach(stubMediaElement);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the Embed action', () => {
  it("on an artist's page: size and theme change the preview and the snippet; Copy puts the snippet on the clipboard", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubFetch([sessionRoute(null), pageRoute]);
    renderDiscover('/a/nina-simone');
    await user.click(await screen.findByRole('button', { name: 'Embed' }));

    const dialog = await screen.findByRole('dialog', { name: 'Embed Nina Simone' });
    const preview = within(dialog).getByTitle('Preview of the embed of Nina Simone');
    expect(preview).toHaveAttribute('src', '/embed/artist/nina-simone?size=large&theme=light');
    const snippet = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'HTML snippet' });
    expect(snippet.value).toBe(
      `<iframe src="${window.location.origin}/embed/artist/nina-simone?size=large&amp;theme=light" ` +
        'title="Nina Simone on HFM" width="480" height="420" style="border:0;border-radius:12px;max-width:100%" ' +
        'loading="lazy" allow="autoplay; encrypted-media"></iframe>',
    );

    await user.click(within(dialog).getByRole('radio', { name: 'Small' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Dark' }));
    expect(preview).toHaveAttribute('src', '/embed/artist/nina-simone?size=small&theme=dark');
    expect(snippet.value).toContain('?size=small&amp;theme=dark');
    expect(snippet.value).toContain('width="480" height="120"');

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(snippet.value);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Copied to the clipboard.');
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    stubFetch([sessionRoute(null), pageRoute]);
    renderDiscover('/a/nina-simone');
    await user.click(await screen.findByRole('button', { name: 'Embed' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Select the snippet and copy it.');
  });

  it("on an album's page: the album's embed", async () => {
    const user = userEvent.setup();
    stubFetch([sessionRoute(null), pageRoute]);
    const album = artistPage.albums[0]!;
    renderDiscover(`/a/nina-simone/albums/${album.id}`);
    await user.click(await screen.findByRole('button', { name: 'Embed' }));
    const dialog = await screen.findByRole('dialog', { name: `Embed ${album.name}` });
    expect(within(dialog).getByTitle(`Preview of the embed of ${album.name}`)).toHaveAttribute(
      'src',
      `/embed/album/${album.id}?size=large&theme=light`,
    );
  });
});
