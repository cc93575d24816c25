import { everyone, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';

/**
 * The embeddable player and oEmbed (docs/decisions/0056): the public's view for every actor. Unlike the artist's
 * own page, a PENDING artist's things are a 404 even to that artist and admins: an embed shows on other sites,
 * to anyone. Run with the web app served (embed.permissions.test.ts).
 */
const page = (url: string) => ({ method: 'GET' as const, url, headers: { accept: 'text/html' } });
const oembedOf = (w: MatrixWorld, pathname: string, extra = '') =>
  page(`/oembed?url=${encodeURIComponent(`${w.t.app.ctx.config.publicUrl}${pathname}`)}${extra}`);

export const embedRows: MatrixRow[] = [
  {
    route: 'GET /embed/artist/:id',
    case: 'an ACTIVE artist',
    request: (w) => page(`/embed/artist/${w.people.artist.artist.slug}?size=large&theme=dark`),
    expected: everyone(200),
  },
  {
    route: 'GET /embed/artist/:id',
    case: 'a PENDING artist',
    request: (w) => page(`/embed/artist/${w.people.otherArtist.artist.slug}`),
    expected: everyone(404),
  },
  {
    route: 'GET /embed/artist/:id',
    case: 'a bad size',
    request: (w) => page(`/embed/artist/${w.people.artist.artist.slug}?size=medium`),
    expected: everyone(400),
  },
  { route: 'GET /embed/album/:id', request: (w) => page(`/embed/album/${w.ids.album}`), expected: everyone(200) },
  {
    route: 'GET /embed/album/:id',
    case: 'a PENDING artist’s album',
    request: (w) => page(`/embed/album/${w.ids.hiddenAlbum}`),
    expected: everyone(404),
  },
  { route: 'GET /embed/song/:id', request: (w) => page(`/embed/song/${w.ids.readySong}`), expected: everyone(200) },
  {
    route: 'GET /embed/song/:id',
    case: 'a song not ready',
    request: (w) => page(`/embed/song/${w.ids.pendingSong}`),
    expected: everyone(404),
  },
  {
    route: 'GET /embed/song/:id',
    case: 'a PENDING artist’s song',
    request: (w) => page(`/embed/song/${w.ids.hiddenSong}`),
    expected: everyone(404),
  },
  {
    route: 'GET /oembed',
    case: 'an ACTIVE artist’s album',
    request: (w) => oembedOf(w, `/a/${w.people.artist.artist.slug}/albums/${w.ids.album}`),
    expected: everyone(200),
  },
  {
    route: 'GET /oembed',
    case: 'a PENDING artist',
    request: (w) => oembedOf(w, `/a/${w.people.otherArtist.artist.slug}`),
    expected: everyone(404),
  },
  {
    route: 'GET /oembed',
    case: 'a format other than json',
    request: (w) => oembedOf(w, `/a/${w.people.artist.artist.slug}`, '&format=xml'),
    expected: everyone(501),
  },
  { route: 'GET /oembed', case: 'no url', request: () => page('/oembed'), expected: everyone(400) },
];
