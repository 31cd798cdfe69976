import { describe, expect, it } from 'vitest';
import { parseReturnsMatrixCsv } from '../../../src/engine/robustness/returns-matrix-csv';

describe('parseReturnsMatrixCsv', () => {
  it('reads names and stores each configuration’s returns as a contiguous column', () => {
    const { names, matrix } = parseReturnsMatrixCsv('fast,slow\n0.01,-0.02\n\n0.03,1e-3\r\n-0.5,0\n');
    expect(names).toEqual(['fast', 'slow']);
    expect(matrix.periods).toBe(3);
    expect(matrix.configurations).toBe(2);
    expect(Array.from(matrix.values)).toEqual([0.01, 0.03, -0.5, -0.02, 0.001, 0]);
  });

  it('accepts semicolons', () => {
    expect(parseReturnsMatrixCsv('a;b\n1;2\n').matrix.values).toEqual(Float64Array.from([1, 2]));
  });

  it('names the line of a ragged row or a cell that is not a number', () => {
    expect(() => parseReturnsMatrixCsv('a,b\n0.1,0.2\n0.3\n')).toThrow('line 3: 1 cells, the header has 2');
    expect(() => parseReturnsMatrixCsv('a,b\n0.1,0.2\n0.3,x\n')).toThrow(
      'line 3, column "b": "x" is not a number',
    );
    expect(() => parseReturnsMatrixCsv('a,b\n0.1,\n')).toThrow('line 2, column "b": "" is not a number');
    expect(() => parseReturnsMatrixCsv('\n\n')).toThrow(/empty/);
  });
});
