export const HLS_VERSION = 6;

/**
 * ffmpeg's dash muxer writes HLS playlists meant for live use. For video on demand we want:
 * one #EXT-X-VERSION (the same in every playlist), #EXT-X-INDEPENDENT-SEGMENTS (every AAC segment
 * starts clean), #EXT-X-PLAYLIST-TYPE:VOD and #EXT-X-ENDLIST in media playlists, and no
 * #EXT-X-PROGRAM-DATE-TIME (ffmpeg invents one from the wall clock of the encode).
 */
export function fixHlsPlaylist(text: string): string {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines[0] !== '#EXTM3U') throw new Error('Not an HLS playlist.');
  const isMedia = lines.some((line) => line.startsWith('#EXTINF:'));
  const dropped = [
    '#EXT-X-VERSION:',
    '#EXT-X-PROGRAM-DATE-TIME:',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-PLAYLIST-TYPE:',
  ];
  const body = lines.slice(1).filter((line) => !dropped.some((tag) => line.startsWith(tag)));
  const header = ['#EXTM3U', `#EXT-X-VERSION:${HLS_VERSION}`, '#EXT-X-INDEPENDENT-SEGMENTS'];
  if (isMedia) header.push('#EXT-X-PLAYLIST-TYPE:VOD');
  if (isMedia && !body.includes('#EXT-X-ENDLIST')) body.push('#EXT-X-ENDLIST');
  return [...header, ...body].join('\n') + '\n';
}
