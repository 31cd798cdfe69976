import { describe, expect, it } from 'vitest';
import { CHUNK_BARS, chunkEnd } from '../../src/engine/chunks';

/** The [start, end) chunks of a loop from `first` to `length`, as the chunked kernels walk them. */
function chunks(first: number, length: number): [number, number][] {
  const found: [number, number][] = [];
  for (let start = first; start < length;) {
    const end = chunkEnd(first, start, length);
    found.push([start, end]);
    start = end;
  }
  return found;
}

describe('chunks', () => {
  it('cover every bar from the look-back to the end once, in order', () => {
    for (const [first, length] of [
      [0, 1],
      [12, 13],
      [11, 100],
      [2, 20_000],
      [12, 1_000_000],
    ] as const) {
      const found = chunks(first, length);
      expect(found[0]![0]).toBe(first);
      expect(found.at(-1)![1]).toBe(length);
      for (let j = 1; j < found.length; j++) expect(found[j]![0]).toBe(found[j - 1]![1]);
    }
  });

  it('start short and double up to CHUNK_BARS bars', () => {
    const sizes = chunks(12, 1_000_000).map(([start, end]) => end - start);
    expect(sizes.slice(0, 8)).toEqual([64, 64, 128, 256, 512, 1024, 2048, 4096]);
    expect(Math.max(...sizes)).toBe(CHUNK_BARS);
  });
});
