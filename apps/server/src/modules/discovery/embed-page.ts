import fs from 'node:fs';
import path from 'node:path';
import { EMBED_FRAME, type EmbedQuery, type EmbedSize } from '@hfm/shared';
import type { Config } from '../../config.js';
import { escapeHtml, scriptJson, webRoot } from '../../http/web-app.js';
import type { EmbedItem } from './embed.service.js';

/**
 * The embed's page (docs/decisions/0056): the build's embed.html (its own small script and styles, none of the
 * app's), with the player drawn here, so it shows before its script runs, and what the script needs in a
 * JSON data block (never run: the policy's `script-src 'self'` stays). Every name is escaped here.
 */

/** The id of the data block src/embed/embed-main.ts reads. */
export const EMBED_DATA_ID = 'hfm-embed-data';
/** Where the build's embed.html takes the player. */
const EMBED_ROOT = '<div id="embed"></div>';

const templates = new Map<string, Promise<string | null>>();

/** The built embed.html, read once per process; null when the web app is not built. */
export function readEmbedTemplate(config: Pick<Config, 'webDistDir'>): Promise<string | null> {
  const file = path.join(webRoot(config), 'embed.html');
  let cached = templates.get(file);
  if (!cached) {
    cached = fs.promises.readFile(file, 'utf8').catch(() => null);
    templates.set(file, cached);
  }
  return cached;
}

/** What the script reads: the tracks to play in order and where "Subscribe on HFM" leads. */
export interface EmbedData {
  tracks: { id: string; title: string; duration: number | null; playsInFull: boolean }[];
  artistUrl: string;
}

const minutes = (seconds: number | null) =>
  seconds === null ? '' : `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

export function renderEmbedPage(template: string, item: EmbedItem, options: EmbedQuery, publicUrl: string): string {
  const artistUrl = `${publicUrl}${item.artistPagePath}`;
  const data: EmbedData = {
    tracks: item.tracks.map((song) => ({
      id: song.id,
      title: song.title,
      duration: song.duration,
      playsInFull: song.playsInFull,
    })),
    artistUrl,
  };
  const head = [
    `<title>${escapeHtml(`${item.title} | HFM`)}</title>`,
    `<script type="application/json" id="${EMBED_DATA_ID}">${scriptJson(data)}</script>`,
  ].join('\n    ');
  return template
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<\/head>/i, () => `  ${head}\n  </head>`)
    .replace(/<html([^>]*)>/i, (_whole, attributes: string) => `<html${attributes} data-theme="${options.theme}">`)
    .replace(EMBED_ROOT, () => playerMarkup(item, options.size, `${publicUrl}${item.pagePath}`, artistUrl));
}

function playerMarkup(item: EmbedItem, size: EmbedSize, pageUrl: string, artistUrl: string): string {
  const first = item.tracks[0]!;
  const out = (href: string, text: string, className: string) =>
    `<a class="${className}" href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(text)}</a>`;
  const cover = item.cover
    ? `<img class="embed__cover" src="${escapeHtml(item.cover)}" alt="" width="96" height="96">`
    : `<span class="embed__cover embed__cover--blank" aria-hidden="true">${escapeHtml(item.title.slice(0, 1))}</span>`;
  const tracks =
    size === 'large'
      ? `<ol class="embed__tracks" aria-label="Songs">${item.tracks
          .map(
            (song, index) =>
              `<li><button type="button" class="embed__track" data-index="${index}"${index === 0 ? ' aria-current="true"' : ''}>` +
              `<span class="embed__track-title">${escapeHtml(song.title)}</span>` +
              `<span class="embed__track-time">${minutes(song.duration)}</span></button></li>`,
          )
          .join('')}</ol>`
      : '';
  return [
    `<div id="embed" class="embed embed--${size}" data-kind="${item.kind}">`,
    '<div class="embed__row">',
    cover,
    '<div class="embed__body">',
    `<p class="embed__title">${out(pageUrl, item.kind === 'song' ? first.title : item.title, 'embed__title-link')}</p>`,
    // The song playing, beside the artist in a small artist's or album's embed (the large one marks its row).
    `<p class="embed__artist">${out(artistUrl, item.artistName, 'embed__artist-link')}<span class="embed__now">${escapeHtml(first.title)}</span></p>`,
    '<div class="embed__controls">',
    `<button type="button" class="embed__play" aria-label="Play ${escapeHtml(first.title)}" data-state="paused"><span aria-hidden="true"></span></button>`,
    '<div class="embed__progress" role="progressbar" aria-label="Played" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0"><span class="embed__progress-bar"></span></div>',
    `<span class="embed__time">${minutes(first.duration)}</span>`,
    '</div>',
    `<p class="embed__note"><span class="embed__mode">${first.playsInFull ? 'Full song' : 'Preview'}</span> · ${out(artistUrl, 'Subscribe on HFM', 'embed__subscribe')}</p>`,
    '</div>',
    '</div>',
    tracks,
    '<audio class="embed__audio" preload="none"></audio>',
    '</div>',
  ].join('');
}

/** The snippet for an embed: its absolute address in an iframe of the size's dimensions, capped by max. */
export function embedFrame(size: EmbedSize, max: { width?: number; height?: number } = {}) {
  const frame = EMBED_FRAME[size];
  return {
    width: Math.min(frame.width, max.width ?? frame.width),
    height: Math.min(frame.height, max.height ?? frame.height),
  };
}

/**
 * The page with oEmbed discovery (https://oembed.com/#section4): a link to /oembed for the page's own address,
 * so a site that takes a pasted link can find the embed.
 */
export function withOembedLink(html: string, pageUrl: string, title: string, publicUrl: string): string {
  const href = `${publicUrl}/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;
  const link = `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(href)}" title="${escapeHtml(title)}" />`;
  return html.replace(/<\/head>/i, () => `  ${link}\n  </head>`);
}
