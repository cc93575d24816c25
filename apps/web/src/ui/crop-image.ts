import type { Area } from 'react-easy-crop';

export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

/** png, jpg and jpeg only: both the extension and the browser's type must agree. */
export function isAcceptedImage(file: File): boolean {
  return /\.(png|jpe?g)$/i.test(file.name) && /^image\/(png|jpeg)$/.test(file.type);
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Decodes an image; rejects when the browser cannot (e.g. a text file named .png). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be loaded.'));
    image.src = src;
  });
}

/** Draws the chosen area of the image onto a width x height canvas and answers a PNG data URL. */
export async function cropToDataUrl(src: string, area: Area, width: number, height: number): Promise<string> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop images.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return canvas.toDataURL('image/png');
}

/**
 * A data URL's bytes as a Blob, decoded here: `fetch(dataUrl)` would do it too, but the page's
 * Content-Security-Policy (`connect-src 'self'`) refuses data: URLs to fetch.
 */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('The image could not be read.');
  const [, type = '', base64, payload = ''] = match;
  if (!base64) return new Blob([decodeURIComponent(payload)], { type });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}

/** The saved file keeps the chosen name with a .png extension (the crop is always PNG). */
export function pngFileName(original: string): string {
  const base = original.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '-') || 'image';
  return `${base}.png`;
}
