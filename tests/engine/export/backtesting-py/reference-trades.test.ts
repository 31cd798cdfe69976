/**
 * The Python export against backtesting.py 0.6.6, without Python: the trades it made running
 * each request's export on three committed datasets (one stamped in UTC with Z, one with UTC
 * offsets across a daylight-saving change, one without a zone) are goldens, and the engine's
 * trades must equal them in entry and exit time, but for the differences
 * docs/strategy-export.md counts. After a change to the Python export the goldens are stale:
 * regenerate them with `BT_PYTHONPATH=<backtesting.py checkout> node scripts/backtesting-py-goldens.mjs`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportStrategy } from '../../../../src/engine/index';
import {
  levelsBeyondSignalClose,
  pineEntryBarsFromSignalClose,
  stopAndTargetInOneBar,
} from './level-differences';
import { type ReferenceCase, referenceCases, tradeKey } from './reference-cases';

const CASES = referenceCases();
/** docs/strategy-export.md with every run of white space as one space (its tables are padded). */
const DOCS = readFileSync(new URL('../../../../docs/strategy-export.md', import.meta.url), 'utf8').replace(
  /\s+/g,
  ' ',
);
const STRATEGIES = ['sma-cross', 'rsi-threshold', 'bollinger', 'stop-target'];

/** The engine's trades found in backtesting.py's, and the differences either way. */
function compared(reference: ReferenceCase) {
  const golden = new Set(reference.golden.map(([entry, exit]) => tradeKey(entry, exit)));
  const engine = new Set(reference.trades.map((trade) => tradeKey(trade.entryTime, trade.exitTime)));
  return {
    equal: [...engine].filter((key) => golden.has(key)).length,
    engineOnly: [...engine].filter((key) => !golden.has(key)),
    backtestingPyOnly: [...golden].filter((key) => !engine.has(key)),
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe.each(CASES.map((reference) => [reference.name, reference] as const))('%s', (_, reference) => {
  it('has goldens made from the current Python export', () => {
    const python = exportStrategy(reference.request, 'python');
    expect(createHash('sha256').update(python).digest('hex')).toBe(reference.exportSha256);
  });

  it('trades as backtesting.py did, every trade in entry and exit time', () => {
    const { equal, engineOnly, backtestingPyOnly } = compared(reference);
    expect({ engineOnly, backtestingPyOnly }).toEqual({ engineOnly: [], backtestingPyOnly: [] });
    expect(equal).toBe(reference.golden.length);
    expect(equal).toBeGreaterThanOrEqual(30);
    expect(DOCS).toContain(
      `| ${reference.dataset} | ${reference.strategy} | ${reference.golden.length} | ${equal} |`,
    );
  });
});

describe('the reference cases', () => {
  it('run the four strategies on each of the three datasets', () => {
    const datasets = new Set(CASES.map((reference) => reference.dataset));
    expect(datasets.size).toBe(3);
    for (const dataset of datasets) {
      expect(
        CASES.filter((reference) => reference.dataset === dataset)
          .map((r) => r.strategy)
          .sort(),
      ).toEqual([...STRATEGIES].sort());
    }
  });

  it('reach what the exports got wrong: stops on the entry bar, the daily exit across sessions, the run’s end on a weekend', () => {
    const trades = CASES.flatMap((reference) => reference.trades.map((trade) => ({ reference, trade })));
    const entryBarLevels = trades.filter(
      ({ trade }) => trade.barsHeld === 1 && ['stop', 'target', 'trailing'].includes(trade.exitReason),
    ).length;
    const timeExits = trades.filter(({ trade }) => trade.exitReason === 'time').length;
    // Entries filled at a session's first bar, signalled on the last bar of the session before,
    // with a daily exit time: a fill one bar length after that signal would be squared off.
    const acrossSessions = trades.filter(({ reference, trade }) => {
      const { t } = reference.series;
      const bar = trade.entryIndex;
      return reference.request.exitCriteria.timing.time !== '' && t[bar]! - t[bar - 1]! > 4 * 3_600_000;
    }).length;
    // Positions closed on the run's last bar where the run's last day is a Saturday or a Sunday.
    const weekendEnds = trades.filter(({ reference, trade }) => {
      const weekday = new Date(`${reference.request.toDate}T00:00:00Z`).getUTCDay();
      return trade.exitReason === 'end' && (weekday === 0 || weekday === 6);
    }).length;
    expect({ entryBarLevels, timeExits, acrossSessions, weekendEnds }).toEqual({
      entryBarLevels: 157,
      timeExits: 104,
      acrossSessions: 7,
      weekendEnds: 1,
    });
    expect(DOCS).toContain(`${entryBarLevels} exits by a stop, target or trailing stop on the entry bar`);
    expect(DOCS).toContain(`${timeExits} by the daily exit time`);
    expect(DOCS).toContain(`${acrossSessions} entries at a session's first bar`);
  });

  it('count the documented differences as docs/strategy-export.md states them', () => {
    const total = sum(CASES.map((reference) => reference.golden.length));
    const beyond = CASES.map(levelsBeyondSignalClose);
    const entries = sum(beyond.map((count) => count.entries));
    const changed = sum(beyond.map((count) => count.changed));
    const pineEntryBars = sum(CASES.map(pineEntryBarsFromSignalClose));
    const bothInOneBar = sum(CASES.map(stopAndTargetInOneBar));
    const ends = sum(CASES.map((reference) => reference.trades.filter((t) => t.exitReason === 'end').length));
    const figures = { total, entries, changed, pineEntryBars, bothInOneBar, ends };
    expect(figures).toEqual(DOCUMENTED);
    expect(DOCS).toContain(`All ${total} trades are equal in entry and exit time`);
    expect(DOCS).toContain(`${changed} of ${total} trades (${entries} entries`);
    expect(DOCS).toContain(`${pineEntryBars} of ${total} trades`);
    expect(DOCS).toContain(`${bothInOneBar} of ${total} trades`);
    expect(DOCS).toContain(`${ends} of ${total} trades`);
  });
});

/** The figures docs/strategy-export.md gives for the reference cases. */
const DOCUMENTED = { total: 911, entries: 4, changed: 0, pineEntryBars: 0, bothInOneBar: 11, ends: 2 };
