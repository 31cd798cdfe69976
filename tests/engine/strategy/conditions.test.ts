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

  it('compare the indicator with the number', () => {
    expect(value('Less Than', 30)).toEqual([0, 1, 0, 0, 0]);
    expect(value('Greater Than', 30)).toEqual([0, 0, 0, 1, 1]);
    expect(value('Equals', 30)).toEqual([0, 0, 1, 1, 0]);
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
