import fc from 'fast-check';
import { mulberry32 } from '../../../src/engine/robustness/random';
import { describe, expect, it } from 'vitest';
import {
  candlestickRow,
  crossoverRow,
  valueRow,
  type Operand,
} from '../../../src/engine/strategy/conditions';

const NaN_ = Number.NaN;
const operand = (values: number[], lag = 0): Operand => ({ values: Float64Array.from(values), lag });

function crossover(left: Operand, logic: Parameters<typeof crossoverRow>[1], right: Operand): number[] {
  const out = new Uint8Array(left.values.length);
  crossoverRow(left, logic, right, out);
  return Array.from(out);
}

describe('crossover rows', () => {
  const a = operand([1, 2, 3, 3, 2, NaN_, 4]);
  const b = operand([2, 2, 2, 3, 3, 1, 1]);

  it('compare levels on the same bar; NaN is never true', () => {
    expect(crossover(a, 'Greater Than', b)).toEqual([0, 0, 1, 0, 0, 0, 1]);
    expect(crossover(a, 'Less Than', b)).toEqual([1, 0, 0, 0, 1, 0, 0]);
    expect(crossover(a, 'Equals', b)).toEqual([0, 1, 0, 1, 0, 0, 0]);
  });

  it('cross only on the bar where the order flips from the previous bar', () => {
    // a - b: -1, 0, 1, 0, -1, NaN, 3. Above from "not above" at bar 2; bar 6 follows a NaN.
    expect(crossover(a, 'Crosses Above', b)).toEqual([0, 0, 1, 0, 0, 0, 0]);
    // Below from "not below": bar 4 (0 -> -1); bar 0 has no previous bar.
    expect(crossover(a, 'Crosses Below', b)).toEqual([0, 0, 0, 0, 1, 0, 0]);
  });

  it('treat values within 1e-9 of the larger magnitude, or 1e-9 apart near zero, as equal', () => {
    const level = operand([1e6, 1e6, 1e-12, 0, 0, 0.5]);
    const other = operand([1e6 * (1 + 0.9e-9), 1e6 * (1 + 2e-9), 2e-12, 0, 2e-9, 0.5 + 0.9e-9]);
    expect(crossover(level, 'Equals', other)).toEqual([1, 0, 1, 1, 0, 1]);
  });

  it('cross once through a run of equal bars, on the first bar past the tie', () => {
    // a - b: -1, 0, 0, 0, 2: one cross, at bar 4.
    const through = crossover(operand([1, 2, 2, 2, 4]), 'Crosses Above', operand([2, 2, 2, 2, 2]));
    expect(through).toEqual([0, 0, 0, 0, 1]);
  });

  it('see no cross in a touch that returns to the side it came from', () => {
    // a - b: -1, 0, -1, 0, 0, -2: touches from below, never above.
    const touch = operand([1, 2, 1, 2, 2, 0]);
    const level = operand([2, 2, 2, 2, 2, 2]);
    expect(crossover(touch, 'Crosses Above', level)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(crossover(touch, 'Crosses Below', level)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('take a difference of floating-point noise as a tie, not as a side', () => {
    // Two running sums of the same prices can differ by 1e-15: SMA(10) = SMA(20) = 32.002.
    const fast = operand([31.9, 32.002, 32.002 + 7e-15, 32.1]);
    const slow = operand([32, 32.002 + 7e-15, 32.002, 32]);
    expect(crossover(fast, 'Crosses Above', slow)).toEqual([0, 0, 0, 1]);
    expect(crossover(fast, 'Greater Than', slow)).toEqual([0, 0, 0, 1]);
    expect(crossover(fast, 'Less Than', slow)).toEqual([1, 0, 0, 0]);
  });

  it('decide the same when every value moves by 1e-12 of itself', () => {
    // Values on a coarse grid tie often; noise far below the tolerance must not break a tie.
    const level = fc.integer({ min: -3, max: 3 }).map((step) => 32 + step / 4);
    const series = fc.array(fc.oneof(level, fc.constant(Number.NaN)), { minLength: 2, maxLength: 60 });
    const noisy = (values: number[], noise: number[]) =>
      operand(values.map((value, i) => value * (1 + (noise[i % noise.length] ?? 0) * 1e-12)));
    fc.assert(
      fc.property(
        series,
        series,
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (left, right, noise) => {
          const length = Math.min(left.length, right.length);
          const a = left.slice(0, length);
          const b = right.slice(0, length);
          for (const logic of [
            'Greater Than',
            'Less Than',
            'Equals',
            'Crosses Above',
            'Crosses Below',
          ] as const) {
            expect(crossover(noisy(a, noise), logic, noisy(b, noise.toReversed()))).toEqual(
              crossover(operand(a), logic, operand(b)),
            );
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('read a lagged operand `lag` bars back, NaN before the series starts', () => {
    const close = operand([10, 11, 12, 13]);
    const laggedLine = operand([9, 12, 0, 0], 2);
    // close[t] vs line[t - 2]: t=2: 12 > 9; t=3: 13 > 12.
    expect(crossover(close, 'Greater Than', laggedLine)).toEqual([0, 0, 1, 1]);
  });
});

describe('value rows', () => {
  const rsi = Float64Array.from([NaN_, 25, 30, 30.000000001, 70]);
  const value = (logic: Parameters<typeof valueRow>[1], level: number) => {
    const out = new Uint8Array(rsi.length);
    valueRow(rsi, logic, level, out);
    return Array.from(out);
  };

  it('decide the same when every value moves by 1e-12 of itself', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 26, max: 34 }), { minLength: 1, maxLength: 40 }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (levels, noise) => {
          const exact = Float64Array.from(levels);
          const noisy = exact.map((level, i) => level * (1 + (i % 2 ? noise : -noise) * 1e-12));
          for (const logic of ['Greater Than', 'Less Than', 'Equals'] as const) {
            const [clean, shaken] = [new Uint8Array(exact.length), new Uint8Array(exact.length)];
            valueRow(exact, logic, 30, clean);
            valueRow(noisy, logic, 30, shaken);
            expect(shaken).toEqual(clean);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('compare the indicator with the number; within the tolerance is equal, never greater', () => {
    expect(value('Less Than', 30)).toEqual([0, 1, 0, 0, 0]);
    expect(value('Greater Than', 30)).toEqual([0, 0, 0, 0, 1]);
    expect(value('Equals', 30)).toEqual([0, 0, 1, 1, 0]);
  });
});

describe('crossover rows on long series', () => {
  /** The crossing rule of conditions.ts written out plainly, bar by bar, for comparison. */
  function plainCrosses(a: Float64Array, b: Float64Array, sign: 1 | -1): number[] {
    const out: number[] = [];
    let lastOnFarSide = false;
    for (let t = 0; t < a.length; t++) {
      const difference = sign * (a[t]! - b[t]!);
      const tolerance = 1e-9 * Math.max(1, Math.abs(a[t]!), Math.abs(b[t]!));
      let crossed = 0;
      if (difference > tolerance) {
        crossed = lastOnFarSide ? 1 : 0;
        lastOnFarSide = false;
      } else if (difference < -tolerance) lastOnFarSide = true;
      else if (Number.isNaN(difference)) lastOnFarSide = false;
      out.push(crossed);
    }
    return out;
  }

  it('carry the remembered side from chunk to chunk: 20,000 bars of two wandering lines', () => {
    const random = mulberry32(7);
    const bars = 20_000;
    const a = new Float64Array(bars);
    const b = new Float64Array(bars);
    // b wanders; a stays near it (its gap pulled back towards 0), so they cross often.
    for (let t = 0, y = 100, gap = 0; t < bars; t++) {
      y += random() - 0.5;
      gap = 0.9 * gap + (random() - 0.5);
      const x = y + gap;
      // Ties and NaN gaps too: equal lines every 97 bars, a missing value every 1,009.
      a[t] = t % 1009 === 0 ? Number.NaN : x;
      b[t] = t % 97 === 0 ? a[t]! : y;
    }
    const above = crossover(operand(Array.from(a)), 'Crosses Above', operand(Array.from(b)));
    const below = crossover(operand(Array.from(a)), 'Crosses Below', operand(Array.from(b)));
    expect(above).toEqual(plainCrosses(a, b, 1));
    expect(below).toEqual(plainCrosses(a, b, -1));
    expect(above.filter((mark) => mark === 1).length).toBeGreaterThan(100);
  });
});

describe('rows marked into one buffer', () => {
  it('set the bars where they hold and keep the marks already there, so they combine with OR', () => {
    const out = Uint8Array.from([1, 0, 0, 0, 1, 0, 0]);
    // a crosses above b at bar 2 only; the marks at bars 0 and 4 stay.
    crossoverRow(operand([1, 2, 3, 3, 2, NaN_, 4]), 'Crosses Above', operand([2, 2, 2, 3, 3, 1, 1]), out);
    expect(Array.from(out)).toEqual([1, 0, 1, 0, 1, 0, 0]);
    valueRow(Float64Array.from([NaN_, 25, 30, 30, 70, 10, 50]), 'Less Than', 30, out);
    expect(Array.from(out)).toEqual([1, 1, 1, 0, 1, 1, 0]);
    candlestickRow(Float64Array.from([NaN_, 0, 0, 0, 0, 0, -100]), 'bearish', out);
    expect(Array.from(out)).toEqual([1, 1, 1, 0, 1, 1, 1]);
  });
});

describe('candlestick rows', () => {
  const pattern = Float64Array.from([NaN_, 0, 100, -100, 80, -80, 200, -200]);
  const fires = (direction: Parameters<typeof candlestickRow>[1]) => {
    const out = new Uint8Array(pattern.length);
    candlestickRow(pattern, direction, out);
    return Array.from(out);
  };

  it('fire in the trade direction, or either way for undirected patterns', () => {
    expect(fires('bullish')).toEqual([0, 0, 1, 0, 1, 0, 1, 0]);
    expect(fires('bearish')).toEqual([0, 0, 0, 1, 0, 1, 0, 1]);
    expect(fires('either')).toEqual([0, 0, 1, 1, 1, 1, 1, 1]);
  });
});
