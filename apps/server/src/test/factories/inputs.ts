import crypto from 'node:crypto';
import sharp from 'sharp';

/** A real image of the given format, as bytes. */
export function makeImage(format: 'png' | 'jpeg' | 'gif' = 'png', width = 64, height = 64): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return image.toFormat(format).toBuffer();
}

export async function makeImageDataUrl(format: 'png' | 'jpeg' | 'gif' = 'png'): Promise<string> {
  return `data:image/${format};base64,${(await makeImage(format)).toString('base64')}`;
}

export interface MultipartPart {
  name: string;
  data: Buffer | string;
  fileName?: string;
  type?: string;
}

/** A hand-built multipart/form-data body for inject(): `{ payload, headers }`. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----hfm${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"` : ''}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
