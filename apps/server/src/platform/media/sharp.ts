import { createRequire } from 'node:module';
import type { default as SharpFunction, Sharp, SharpInput, SharpOptions } from 'sharp';

const load = createRequire(import.meta.url);
let loaded: typeof SharpFunction | undefined;

/**
 * sharp (libvips, a native library of about 20 MB) loaded on its first call rather than at start: most
 * requests never touch an image, and an API process answers sooner after a start without it
 * (docs/performance.md, "Cold start").
 */
export function sharp(input?: SharpInput, options?: SharpOptions): Sharp {
  loaded ??= load('sharp') as typeof SharpFunction;
  return loaded(input, options);
}
