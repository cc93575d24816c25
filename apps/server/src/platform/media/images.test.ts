import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../errors/app-error.js';
import { IMAGE_TOO_LARGE, IMAGE_TOO_NARROW, processImage } from './images.js';
import { BUSY_MESSAGE, WorkSlots } from './work-slots.js';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header claims `width` x `height` RGB pixels, with all its rows compressed: a few KiB that
 * decode to hundreds of MB, like the 74 KiB 1 x 39,000,000 file that once took 13 s.
 */
function hostilePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = zlib.deflateSync(Buffer.alloc(Math.min((1 + width * 3) * height, 8 * 1024 * 1024)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(input: Buffer): Promise<AppError> {
  const error = await processImage(input).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('images are judged by their header before any decoding', () => {
  it.each([
    ['1 x 39,000,000', 1, 39_000_000],
    ['40,000 x 1', 40_000, 1],
    ['12,001 x 12,001', 12_001, 12_001],
  ])('refuses %s pixels as too large (413)', async (_, width, height) => {
    const error = await refusal(hostilePng(width, height));
    expect(error.status).toBe(413);
    expect(error.message).toBe(IMAGE_TOO_LARGE);
  });

  it('refuses a long thin strip within the size limits (400)', async () => {
    const error = await refusal(hostilePng(10_000, 400));
    expect(error.status).toBe(400);
    expect(error.message).toBe(IMAGE_TOO_NARROW);
  });

  it('still takes an ordinary banner-shaped image', async () => {
    const banner = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    const image = await processImage(banner);
    expect([image.width, image.height]).toEqual([2000, 1000]);
  });
});

describe('image work slots', () => {
  it('runs two at a time, queues a few and answers 503 beyond that', async () => {
    const slots = new WorkSlots({ running: 2, waiting: 2 });
    const gates: (() => void)[] = [];
    let started = 0;
    const work = () =>
      slots.run(
        () =>
          new Promise<void>((resolve) => {
            started++;
            gates.push(resolve);
          }),
      );
    const accepted = [work(), work(), work(), work()];
    await expect(work()).rejects.toMatchObject({ status: 503, message: BUSY_MESSAGE });
    expect(started).toBe(2);
    expect(slots.inUse).toEqual({ running: 2, waiting: 2 });
    gates.shift()!();
    await accepted[0];
    await vi.waitFor(() => expect(started).toBe(3));
    for (let finished = 1; finished < 4; finished++) {
      await vi.waitFor(() => expect(gates.length).toBeGreaterThan(0));
      gates.shift()!();
    }
    await Promise.all(accepted);
    expect(slots.inUse).toEqual({ running: 0, waiting: 0 });
  });
});
