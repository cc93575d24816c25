/** A byte range of a file of `size` bytes, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range a `Range: bytes=...` header asks for (what media elements send), clipped to the file; null
 * when there is no header or it asks for several ranges (the whole file then); 'unsatisfiable' when it starts
 * past the end.
 */
export function parseRange(header: string | null, size: number): ByteRange | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * A stored file answered as a server would: 206 with the asked range (the audio element seeks with them), 416
 * for a range past the end, else 200 with the whole file.
 */
export function rangeResponse(file: Blob, rangeHeader: string | null, contentType: string): Response {
  const size = file.size;
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
  const common = { 'content-type': contentType, 'accept-ranges': 'bytes' };
  if (!range) return new Response(file, { status: 200, headers: { ...common, 'content-length': String(size) } });
  const part = file.slice(range.start, range.end + 1);
  return new Response(part, {
    status: 206,
    headers: {
      ...common,
      'content-length': String(part.size),
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
    },
  });
}
