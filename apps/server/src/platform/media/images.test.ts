import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../errors/app-error.js';
import { hostileJpeg, hostilePng } from '../../test/hostile-images.js';
import { IMAGE_TOO_LARGE, IMAGE_TOO_NARROW, processImage } from './images.js';
import { BUSY_MESSAGE, WorkSlots } from './work-slots.js';

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
    ['100,000 x 100,000', 100_000, 100_000],
  ])('refuses %s pixels as too large (413)', async (_, width, height) => {
    const error = await refusal(hostilePng(width, height));
    expect(error.status).toBe(413);
    expect(error.message).toBe(IMAGE_TOO_LARGE);
  });

  it('refuses a JPEG whose frame claims 65,500 x 65,500 pixels (413)', async () => {
    const error = await refusal(await hostileJpeg(65_500, 65_500));
    expect(error.status).toBe(413);
    expect(error.message).toBe(IMAGE_TOO_LARGE);
  });

  it('refuses an SVG full of nested entities (a billion laughs) as not PNG or JPEG (415)', async () => {
    const entities = Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const svg = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY l0 "lol">${entities}]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&l10;</text></svg>`;
    const error = await refusal(Buffer.from(svg));
    expect(error.status).toBe(415);
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
    await vi.waitFor(() => expect(started).toBe(3), { timeout: 15_000 });
    for (let finished = 1; finished < 4; finished++) {
      await vi.waitFor(() => expect(gates.length).toBeGreaterThan(0), { timeout: 15_000 });
      gates.shift()!();
    }
    await Promise.all(accepted);
    expect(slots.inUse).toEqual({ running: 0, waiting: 0 });
  });
});
