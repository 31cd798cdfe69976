import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IsoTimeFormatter } from '../../../src/engine/simulate/iso-time';

describe('IsoTimeFormatter', () => {
  it('writes what Date#toISOString writes, for any time', () => {
    const formatter = new IsoTimeFormatter();
    const times = fc.oneof(
      fc.integer({ min: Date.parse('1900-01-01T00:00:00Z'), max: Date.parse('2100-01-01T00:00:00Z') }),
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      fc.double({ min: 0, max: 4e12, noNaN: true }),
    );
    fc.assert(
      fc.property(times, (time) => {
        expect(formatter.format(time)).toBe(new Date(time).toISOString());
      }),
      { numRuns: 2000 },
    );
    expect(formatter.format(Date.parse('0000-01-01T00:00:00Z'))).toBe('0000-01-01T00:00:00.000Z');
    expect(formatter.format(Date.parse('2024-02-29T23:59:59.999Z'))).toBe('2024-02-29T23:59:59.999Z');
  });
});
