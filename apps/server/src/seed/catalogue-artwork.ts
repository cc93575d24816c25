/**
 * Artwork for the demo: gradients and shapes drawn as SVG and rendered to JPEG by sharp, one picture per
 * thing (an artist's banner, profile image and photo, an album's cover, a genre's or a playlist's art).
 * The same name gives the same picture.
 */
import sharp from 'sharp';
import type { ProcessedImage } from '../platform/media/images.js';
import { SeededRandom } from './seeded-random.js';

export type ArtworkKind = 'cover' | 'banner' | 'portrait' | 'genre' | 'playlist';

/** Sizes as the product shows them: banners wide (the 2000 x 1000 the studio advises), playlists 1.5:1. */
export const ARTWORK_SIZES: Record<ArtworkKind, { width: number; height: number }> = {
  cover: { width: 800, height: 800 },
  banner: { width: 2000, height: 1000 },
  portrait: { width: 600, height: 600 },
  genre: { width: 900, height: 600 },
  playlist: { width: 766, height: 508 },
};

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round(hue) % 360},${saturation}%,${lightness}%)`;

/** Circles, rings and bands in two colours of the picture's palette, over a diagonal gradient. */
function shapes(random: SeededRandom, width: number, height: number, hue: number): string[] {
  const side = Math.min(width, height);
  const out: string[] = [];
  const count = random.int(3, 7);
  for (let i = 0; i < count; i++) {
    const x = random.next() * width;
    const y = random.next() * height;
    const size = side * (0.12 + random.next() * 0.45);
    const colour = hsl(hue + random.pick([0, 30, 150, 200]), 70, random.int(45, 85));
    const opacity = (0.15 + random.next() * 0.45).toFixed(2);
    const shape = random.int(0, 2);
    if (shape === 0) out.push(`<circle cx="${x}" cy="${y}" r="${size}" fill="${colour}" opacity="${opacity}"/>`);
    if (shape === 1) {
      const stroke = Math.max(4, size * 0.12);
      out.push(
        `<circle cx="${x}" cy="${y}" r="${size}" fill="none" stroke="${colour}" stroke-width="${stroke}" opacity="${opacity}"/>`,
      );
    }
    if (shape === 2) {
      const angle = random.int(-60, 60);
      out.push(
        `<rect x="${-width}" y="${y}" width="${width * 3}" height="${size * 0.35}" fill="${colour}" opacity="${opacity}" transform="rotate(${angle} ${x} ${y})"/>`,
      );
    }
  }
  return out;
}

/** The SVG of one picture: the name seeds its palette and shapes. */
export function artworkSvg(kind: ArtworkKind, name: string): string {
  const { width, height } = ARTWORK_SIZES[kind];
  const random = new SeededRandom(`artwork:${kind}:${name}`);
  const hue = random.int(0, 359);
  const second = hue + random.int(40, 160);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${hsl(hue, 65, random.int(30, 55))}"/>`,
    `<stop offset="1" stop-color="${hsl(second, 55, random.int(12, 30))}"/>`,
    '</linearGradient></defs>',
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    ...shapes(random, width, height, hue),
    '</svg>',
  ].join('');
}

/** The picture as a JPEG, in the shape an upload has once the product has re-encoded it. */
export async function renderArtwork(kind: ArtworkKind, name: string): Promise<ProcessedImage> {
  const { width, height } = ARTWORK_SIZES[kind];
  const data = await sharp(Buffer.from(artworkSvg(kind, name)))
    .jpeg({ quality: 84 })
    .toBuffer();
  return { data, contentType: 'image/jpeg', extension: 'jpg', width, height };
}
