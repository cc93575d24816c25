/**
 * Gapless playback (decision 0055): the encoder's priming samples in front of every stream. ffmpeg's AAC
 * encoder puts a frame of priming first and its muxer writes an edit list (`elst`) in the init segment that
 * hides it; Chromium's media source ignores edit lists, so without help every song starts with 23 ms of
 * silence and an album that was mastered to flow stutters between songs. The DASH manifest says the same in
 * a way players do apply: presentationTimeOffset, the media time at which the presentation starts. shaka-player
 * then places the priming before the period's start, and the media source's append window cuts it away.
 */

/** The media time the init segment's edit list starts at (its timescale is the track's); 0 without one. */
export function editListStart(init: Uint8Array): number {
  const at = indexOfBox(init, 'elst');
  if (at < 0) return 0;
  const view = new DataView(init.buffer, init.byteOffset, init.byteLength);
  const version = view.getUint8(at + 4);
  const entries = view.getUint32(at + 8);
  if (entries < 1) return 0;
  // Each entry: segment duration, then media time (64-bit in version 1, 32-bit in version 0), then the rate.
  const mediaTime = version === 1 ? Number(view.getBigInt64(at + 12 + 8)) : view.getInt32(at + 12 + 4);
  return mediaTime > 0 ? mediaTime : 0;
}

/** The position of a box's type (its four letters) in the bytes; -1 when it is not there. */
function indexOfBox(bytes: Uint8Array, type: string): number {
  const code = [...type].map((letter) => letter.charCodeAt(0));
  for (let at = 4; at + 4 <= bytes.length; at++) {
    if (code.every((byte, offset) => bytes[at + offset] === byte)) return at;
  }
  return -1;
}

/**
 * The manifest with the edit list's start as every SegmentTemplate's presentationTimeOffset (ffmpeg's template
 * and the init segment share the track's timescale). ffmpeg writes the segment timeline in presentation time,
 * the priming already taken off the first segment, while the segments' own decode times (tfdt) count it: the
 * first segment gets its priming back, so every S@t is its segment's tfdt and the offset alone hides the priming.
 * Unchanged when there is nothing to hide or an offset is there already.
 */
export function withPresentationTimeOffset(manifest: string, mediaTime: number): string {
  if (mediaTime <= 0 || manifest.includes('presentationTimeOffset')) return manifest;
  return manifest
    .replace(/<SegmentTemplate\b/g, (tag) => `${tag} presentationTimeOffset="${mediaTime}"`)
    .replace(/(<SegmentTimeline>\s*)<S t="(\d+)" d="(\d+)"(?: r="(\d+)")? \/>/g, (_, open: string, t, d, r) => {
      const first = `<S t="${t}" d="${Number(d) + mediaTime}" />`;
      const repeats = Number(r ?? 0);
      if (repeats === 0) return `${open}${first}`;
      return `${open}${first}<S d="${d}"${repeats > 1 ? ` r="${repeats - 1}"` : ''} />`;
    });
}
