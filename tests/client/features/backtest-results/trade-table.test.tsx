import { describe, expect, it } from 'vitest';
import {
  csvField,
  csvRow,
  nextSort,
  numberTrades,
  pageCount,
  pageOf,
  sortTrades,
  priceDecimals,
  tradeFocusRange,
  tradesToCsv,
  hasExcursions,
  hasSymbols,
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

  it('writes a header and one row per trade with CRLF line ends, times in the data zone with the offset', () => {
    const csv = tradesToCsv(TRADES, 'America/New_York');
    const lines = csv.split('\r\n');
    expect(lines).toHaveLength(TRADES.length + 2);
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'trade,side,entry_time,entry_price,exit_time,exit_price,exit_reason,quantity,pnl,return_pct,bars_held,mfe_pct,mae_pct',
    );
    expect(lines[2]).toBe(
      `2,long,2023-09-02T09:30:00-04:00,101.00,2023-09-02T11:30:00-04:00,96.00,Stop loss,1000,-5000.00,${(-5000 / 1010).toFixed(6)},3,1.1000,-5.2000`,
    );
    // The engine's -4.9504950495049505 reads -4.950495: no 16-decimal returns.
    expect(lines[2]!.split(',')[9]).toBe('-4.950495');
    // A run stored before excursions existed leaves those cells empty.
    const { mfePct: _mfe, maePct: _mae, ...older } = TRADES[0]!;
    expect(tradesToCsv([older], 'UTC').split('\r\n')[1]).toMatch(/,9,,$/);
    // Winter time: the offset follows the date.
    const january = {
      ...TRADES[0]!,
      entryTime: '2024-01-05T14:30:00.000Z',
      exitTime: '2024-01-05T16:30:00.000Z',
    };
    expect(tradesToCsv([january], 'America/New_York').split('\r\n')[1]).toMatch(
      /^1,long,2024-01-05T09:30:00-05:00,100\.00,2024-01-05T11:30:00-05:00,/,
    );
    expect(tradesToCsv([january], 'UTC').split('\r\n')[1]).toMatch(/^1,long,2024-01-05T14:30:00\+00:00,/);
    // The end-of-data label holds a comma, so it is quoted.
    expect(lines[30]).toContain(',"End of data (still open, closed at last close)",');
  });
});

describe('the CSV’s number formats', () => {
  it('rounds returns to 6 decimals and quantities to 8, money to cents, keeping whole values whole', () => {
    const trade = { ...TRADES[0]!, quantity: 0.1 + 0.2, pnl: 1234.5678, returnPct: 1.4999999999999998 };
    const fields = tradesToCsv([trade], 'UTC').split('\r\n')[1]!.split(',');
    expect(fields.slice(7, 10)).toEqual(['0.3', '1234.57', '1.500000']);
    expect(
      tradesToCsv([{ ...trade, quantity: 1000 }], 'UTC')
        .split('\r\n')[1]!
        .split(',')[7],
    ).toBe('1000');
  });
});

describe('the instrument’s price precision', () => {
  const at = (entryPrice: number, exitPrice = entryPrice) => ({ ...TRADES[0]!, entryPrice, exitPrice });

  it('takes the decimals of the entry fills, at least 2 and at most 6', () => {
    expect(priceDecimals([at(101), at(99.5)])).toBe(2);
    expect(priceDecimals([at(1.08345), at(1.0835)])).toBe(5);
    expect(priceDecimals([at(0.123456789)])).toBe(6);
    // Float noise from adding a slippage is not a digit of the price.
    expect(priceDecimals([at(101.1 + 0.2)])).toBe(2);
  });

  it('rounds exits between ticks to that precision in the CSV', () => {
    const stopped = { ...at(101.25, 96.1875), exitReason: 'stop' as const };
    expect(tradesToCsv([stopped], 'UTC').split('\r\n')[1]).toContain(',101.25,');
    expect(tradesToCsv([stopped], 'UTC').split('\r\n')[1]).toContain(',96.19,');
  });
});

describe('excursions', () => {
  it('sorts by MFE and MAE, and knows runs stored without them', () => {
    const numbered = numberTrades(TRADES);
    expect(sortTrades(numbered, { column: 'mfePct', direction: 'descending' })[0]!.number).toBe(1);
    expect(sortTrades(numbered, { column: 'maePct', direction: 'ascending' })[0]!.number).toBe(2);
    expect(hasExcursions(TRADES)).toBe(true);
    const { mfePct: _mfe, maePct: _mae, ...older } = TRADES[0]!;
    expect(hasExcursions([older, TRADES[1]!])).toBe(false);
    expect(hasExcursions([])).toBe(false);
  });
});

describe('showing a trade on the charts', () => {
  const HOUR = 3600;
  const trade = { entryTime: '2023-09-05T14:30:00.000Z', exitTime: '2023-09-05T16:30:00.000Z' };
  const entry = Date.parse(trade.entryTime) / 1000;
  const exit = Date.parse(trade.exitTime) / 1000;

  it('pads a short trade by 20 bars on each side', () => {
    expect(tradeFocusRange(trade, HOUR)).toEqual({ from: entry - 20 * HOUR, to: exit + 20 * HOUR });
  });

  it('pads a long trade by its own span, so it fills the middle third', () => {
    const long = { entryTime: '2023-01-02T14:30:00.000Z', exitTime: '2023-07-03T14:30:00.000Z' };
    const span = (Date.parse(long.exitTime) - Date.parse(long.entryTime)) / 1000;
    const range = tradeFocusRange(long, 86_400);
    expect(range.to - range.from).toBe(3 * span);
    expect(range.from).toBe(Date.parse(long.entryTime) / 1000 - span);
  });
});

describe('a portfolio run’s trades', () => {
  it('put each trade’s symbol after its number in the CSV, and only when every trade has one', () => {
    const trade = TRADES[0]!;
    const csv = tradesToCsv([{ ...trade, symbol: 'MSFT' }], 'UTC').split('\r\n');
    expect(csv[0]!.startsWith('trade,symbol,side,')).toBe(true);
    expect(csv[1]!.startsWith('1,MSFT,')).toBe(true);
    expect(hasSymbols([{ ...trade, symbol: 'MSFT' }, trade])).toBe(false);
    expect(tradesToCsv([trade], 'UTC').startsWith('trade,side,')).toBe(true);
  });
});
