/** Reading a T x N returns matrix from CSV text (the CLI's `pbo --returns M.csv`). */
import type { ReturnsMatrix } from './returns-matrix';

/** A malformed returns CSV; the message names the line (1-based, the header is line 1). */
export class ReturnsCsvError extends Error {
  override name = 'ReturnsCsvError';
}

/**
 * Parses a header row of configuration names and one row per period of returns, one column
 * per configuration; comma or semicolon separated (as the header uses), blank lines ignored.
 * Every row must have as many cells as the header and every cell must be a finite number.
 */
export function parseReturnsMatrixCsv(text: string): { names: string[]; matrix: ReturnsMatrix } {
  const lines = text.split(/\r?\n/);
  const headerLine = lines.findIndex((line) => line.trim() !== '');
  if (headerLine < 0)
    throw new ReturnsCsvError('the file is empty: it needs a header row of configuration names');
  const header = lines[headerLine]!.replace(/^\uFEFF/, '');
  const separator = header.includes(';') && !header.includes(',') ? ';' : ',';
  const names = header.split(separator).map((name) => name.trim());
  const rows: number[][] = [];
  for (let line = headerLine + 1; line < lines.length; line++) {
    if (lines[line]!.trim() === '') continue;
    const cells = lines[line]!.split(separator);
    if (cells.length !== names.length) {
      throw new ReturnsCsvError(`line ${line + 1}: ${cells.length} cells, the header has ${names.length}`);
    }
    rows.push(
      cells.map((cell, column) => {
        const value = cell.trim() === '' ? Number.NaN : Number(cell);
        if (!Number.isFinite(value)) {
          throw new ReturnsCsvError(
            `line ${line + 1}, column "${names[column]}": "${cell.trim()}" is not a number`,
          );
        }
        return value;
      }),
    );
  }
  const periods = rows.length;
  const values = new Float64Array(periods * names.length);
  rows.forEach((row, period) => row.forEach((value, column) => (values[column * periods + period] = value)));
  return { names, matrix: { values, periods, configurations: names.length } };
}
