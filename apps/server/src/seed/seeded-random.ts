/**
 * A small deterministic random source (sfc32), so a seed gives the same catalogue on every run and
 * every machine. Not for secrets.
 */
export class SeededRandom {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: string | number) {
    // Four 32-bit words from the seed's text (cyrb128), then a few rounds to mix them.
    let h1 = 1779033703;
    let h2 = 3144134277;
    let h3 = 1013904242;
    let h4 = 2773480762;
    const text = String(seed);
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
      h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
      h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
      h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
    }
    h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
    h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
    h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
    h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
    this.#a = (h1 ^ h2 ^ h3 ^ h4) >>> 0;
    this.#b = (h2 ^ h1) >>> 0;
    this.#c = (h3 ^ h1) >>> 0;
    this.#d = (h4 ^ h1) >>> 0;
    for (let round = 0; round < 12; round++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A standard normal value (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** `count` distinct items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const take = Math.min(count, copy.length);
    for (let index = 0; index < take; index++) {
      const other = index + Math.floor(this.next() * (copy.length - index));
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy.slice(0, take);
  }

  /** A version-4-shaped UUID from this source, so seeded rows have the same ids on every run. */
  uuid(): string {
    const hex: string[] = [];
    for (let index = 0; index < 4; index++) hex.push(((this.next() * 4294967296) >>> 0).toString(16).padStart(8, '0'));
    const all = hex.join('');
    const variant = ((parseInt(all[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${all.slice(0, 8)}-${all.slice(8, 12)}-4${all.slice(13, 16)}-${variant}${all.slice(17, 20)}-${all.slice(20, 32)}`;
  }
}
