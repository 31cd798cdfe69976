import { describe, expect, it } from 'vitest';
import {
  csvField,
  csvRow,
  nextSort,
  numberTrades,
  pageCount,
  pageOf,
  sortTrades,
  tradesToCsv,
} from '../../../../src/client/features/backtest-results/trade-table';
import { TRADES } from './fixtures';

describe('sorting', () => {
  const numbered = numberTrades(TRADES);

  it('sorts by a numeric column both ways, ties in run order', () => {
    const byPnl = sortTrades(numbered, { column: 'pnl', direction: 'ascending' });
    expect(byPnl[0]!.number).toBe(2);
    expect(byPnl.at(-1)!.number).toBe(1);
    const byBarsDescending = sortTrades(numbered, { column: 'barsHeld', direction: 'descending' });
    expect(byBarsDescending.slice(0, 3).map((trade) => trade.number)).toEqual([1, 2, 3]);
  });

  it('sorts times by instant and reasons by their label', () => {
    const latest = sortTrades(numbered, { column: 'exitTime', direction: 'descending' });
    expect(latest[0]!.number).toBe(30);
    const byReason = sortTrades(numbered, { column: 'exitReason', direction: 'ascending' });
    expect(byReason.map((trade) => trade.exitReason).slice(0, 2)).toEqual(['end', 'signal']);
    expect(byReason.at(-1)!.exitReason).toBe('stop');
  });

  it('does not change the list it was given', () => {
    sortTrades(numbered, { column: 'pnl', direction: 'descending' });
    expect(numbered.map((trade) => trade.number)).toEqual(TRADES.map((_, index) => index + 1));
  });

  it('flips the sorted column and starts a new one ascending', () => {
    expect(nextSort({ column: 'pnl', direction: 'ascending' }, 'pnl')).toEqual({
      column: 'pnl',
      direction: 'descending',
    });
    expect(nextSort({ column: 'pnl', direction: 'descending' }, 'side')).toEqual({
      column: 'side',
      direction: 'ascending',
    });
  });
});

describe('paging', () => {
  it('cuts 25 a page and counts at least one page', () => {
    expect(pageCount(30)).toBe(2);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageOf(TRADES, 2)).toEqual(TRADES.slice(25));
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvRow(['x', 1.5, 'y,z'])).toBe('x,1.5,"y,z"');
  });

  it('defuses text a spreadsheet would run as a formula, not negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-5)).toBe('-5');
    expect(csvField('-5.25')).toBe('-5.25');
  });

  it('writes a header and one row per trade with CRLF line ends', () => {
    const csv = tradesToCsv(TRADES);
    const lines = csv.split('\r\n');
    expect(lines).toHaveLength(TRADES.length + 2);
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'trade,side,entry_time_utc,entry_price,exit_time_utc,exit_price,exit_reason,quantity,pnl,return_pct,bars_held',
    );
    expect(lines[2]).toBe(
      `2,long,2023-09-02T13:30:00.000Z,101,2023-09-02T15:30:00.000Z,96,Stop loss,1000,-5000,${-5000 / 1010},3`,
    );
    // The end-of-data label holds a comma, so it is quoted.
    expect(lines[30]).toContain(',"End of data (still open, closed at last close)",');
  });
});
