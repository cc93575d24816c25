/** A File holding a PCM WAV (44,100 Hz, 16-bit stereo, silence) of `bytes` bytes in all, header included. */
export function wavFile(name: string, bytes = 1000, sampleRate = 44_100): File {
  const data = new Uint8Array(Math.max(bytes, 48));
  const view = new DataView(data.buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((char, index) => view.setUint8(offset + index, char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, data.length - 8, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 2, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 4, true);
  view.setUint16(32, 4, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, data.length - 44, true);
  return new File([data], name, { type: 'audio/wav' });
}
