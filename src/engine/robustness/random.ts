/** Seeded pseudo-random numbers, so every Monte Carlo result can be reproduced from its seed. */

/**
 * mulberry32 (Tommy Ettinger, 2017; public domain): a 32-bit state advanced by a Weyl
 * sequence and mixed by two multiply-xorshift rounds; its period of 2^32 is ample for Monte
 * Carlo runs of millions of draws, and it is the generator of the worker's synthetic candles
 * (the engine may not import the worker, hence this copy). Returns a function
 * giving floats in [0, 1) with 32 random bits each; the same seed gives the same sequence.
 */
export function mulberry32(seed: number): () => number {
  // The state lives in a typed array: as a closure variable, most 32-bit states would not fit
  // a small integer and each draw would allocate a heap number (megabytes a second of garbage).
  const state = Int32Array.of(seed);
  return () => {
    const s = (state[0] = (state[0]! + 0x6d2b79f5) | 0);
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [0, count): floor(u * count); the bias is below count / 2^32. */
export function randomIndex(random: () => number, count: number): number {
  return Math.floor(random() * count);
}
