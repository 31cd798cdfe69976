/**
 * The tick run's fill rules (docs/conventions.md#fills-with-ticks), trade by trade, each beside
 * what the bar loop makes of the bars built from the same trades.
 */
import { describe, expect, it } from 'vitest';
import { simulate, type SimulationSettings } from '../../../src/engine/simulate/simulate';
import { listTrades } from '../../../src/engine/simulate/trade-columns';
import { barsFromTicks } from '../../../src/engine/ticks/tick-bars';
import { simulateWithTicks } from '../../../src/engine/ticks/tick-simulate';
import type { TickSeries } from '../../../src/engine/ticks/tick-series';
import { LONG, signalsAt } from '../simulate/helpers';
import { MINUTE_MS, ticksAt } from './tick-data';

const START = Date.UTC(2024, 0, 2, 9, 0);
const BAR_MS = 5 * MINUTE_MS;

/** Trades of 5-minute bars from START: bar b's prices 10 s apart from its start. */
function barsOfTrades(prices: readonly (readonly number[])[]): TickSeries {
  return ticksAt(
    prices.flatMap((bar, b) => bar.map((price, i) => [START + b * BAR_MS + i * 10_000, price] as const)),
  );
}

const percent = (value: number) => ({ unit: 'percentage' as const, value });
const points = (value: number) => ({ unit: 'points' as const, value });

/** The run on ticks and the bar loop on the bars built from them, trades as the list shows them. */
function bothWays(ticks: TickSeries, entries: number[], settings: SimulationSettings, exits: number[] = []) {
  const tickBars = barsFromTicks(ticks, 5);
  const signals = signalsAt(tickBars.bars.c.length, entries, exits);
  const onTicks = simulateWithTicks(tickBars.bars, signals, settings, tickBars);
  const onBars = simulate(tickBars.bars, signals, settings);
  return {
    ticks: { ...onTicks, trades: listTrades(onTicks.trades, tickBars.bars.t) },
    bars: { ...onBars, trades: listTrades(onBars.trades, tickBars.bars.t) },
  };
}

const exitOf = (trade: { exitIndex: number; exitPrice: number; exitReason: string }) => [
  trade.exitIndex,
  trade.exitPrice,
  trade.exitReason,
];

describe('a target and a stop in one bar', () => {
  // Each bar first rises 1.5% from 100, then falls 1.5% below it, then closes at 100.
  const riseThenFall = [100, 100.5, 101, 101.5, 101, 100, 99, 98.5, 100];
  const ticks = barsOfTrades([riseThenFall, riseThenFall, riseThenFall, riseThenFall]);
  const settings = { ...LONG, targetProfit: percent(1), stopLoss: percent(1) };

  it('exits at the stop on bars and at the target on ticks, which saw the rise first', () => {
    const { ticks: onTicks, bars: onBars } = bothWays(ticks, [0, 2], settings);
    expect(onBars.trades.map(exitOf)).toEqual([
      [1, 99, 'stop'],
      [3, 99, 'stop'],
    ]);
    expect(onTicks.trades.map(exitOf)).toEqual([
      [1, 101, 'target'],
      [3, 101, 'target'],
    ]);
    expect(onTicks.trades.map((trade) => [trade.pnl, trade.mfePct, trade.maePct])).toEqual([
      [10, 1, 0],
      [10.1, 1, 0],
    ]);
    expect(Array.from(onTicks.equity)).toEqual([1000, 1010, 1010, 1020.1]);
    expect(onTicks.intrabar).toEqual({
      mode: 'ticks',
      ticks: 36,
      exitsDecidedByTicks: 2,
      changedFromBars: 2,
    });
  });

  it('exits at the stop on ticks too when the fall comes first', () => {
    const fallThenRise = [100, 99.5, 99, 98.5, 99, 100, 101, 101.5, 100];
    const { ticks: onTicks } = bothWays(barsOfTrades([fallThenRise, fallThenRise]), [0], settings);
    expect(onTicks.trades.map(exitOf)).toEqual([[1, 99, 'stop']]);
    expect(onTicks.intrabar).toMatchObject({ exitsDecidedByTicks: 1, changedFromBars: 0 });
  });

  it('mirrors both for a short position', () => {
    const short = { ...settings, side: 'short' as const };
    const { ticks: onTicks, bars: onBars } = bothWays(ticks, [0], short);
    expect(onBars.trades.map(exitOf)).toEqual([[1, 101, 'stop']]);
    expect(onTicks.trades.map(exitOf)).toEqual([[1, 101, 'stop']]);
    const fallFirst = barsOfTrades([[100], [100, 99.5, 99, 101.2, 100], [100]]);
    expect(bothWays(fallFirst, [0], short).ticks.trades.map(exitOf)).toEqual([[1, 99, 'target']]);
  });
});

describe('the fill price of a level', () => {
  const settings = { ...LONG, stopLoss: percent(1), targetProfit: percent(2) };

  it('is the trade that reached it: the level when a trade prints there, the trade price past a gap', () => {
    const exact = barsOfTrades([[100], [100, 99.4, 99, 98]]);
    expect(bothWays(exact, [0], settings).ticks.trades.map(exitOf)).toEqual([[1, 99, 'stop']]);
    const gap = barsOfTrades([[100], [100, 99.4, 98.2, 98]]);
    const { ticks: onTicks, bars: onBars } = bothWays(gap, [0], settings);
    expect(onTicks.trades.map(exitOf)).toEqual([[1, 98.2, 'stop']]);
    // The bars cannot see the gap inside the bar: they fill at the level.
    expect(onBars.trades.map(exitOf)).toEqual([[1, 99, 'stop']]);
    // Same bar, same reason: decided by the trades, not changed from the bar convention.
    expect(onTicks.intrabar).toMatchObject({ exitsDecidedByTicks: 1, changedFromBars: 0 });
    const targetGap = barsOfTrades([[100], [100, 101.5, 102.6, 103]]);
    expect(bothWays(targetGap, [0], settings).ticks.trades.map(exitOf)).toEqual([[1, 102.6, 'target']]);
  });

  it('is the open when the bar opens beyond it, as on bars, and is not decided by ticks', () => {
    const openGap = barsOfTrades([[100], [100, 100.2], [97.5, 97, 101]]);
    const { ticks: onTicks, bars: onBars } = bothWays(openGap, [0], settings);
    expect(onTicks.trades.map(exitOf)).toEqual([[2, 97.5, 'stop']]);
    expect(onTicks.trades).toEqual(onBars.trades);
    expect(onTicks.intrabar).toMatchObject({ exitsDecidedByTicks: 0, changedFromBars: 0 });
  });

  it('moves against the trader by the slippage', () => {
    const gap = barsOfTrades([[100], [100, 99.4, 98.2, 98]]);
    const { ticks: onTicks } = bothWays(gap, [0], { ...settings, slippagePoints: 0.1 });
    // Entry 100.1: stop 1% below it at 99.099; the first trade at or below is 98.2, sold at 98.1.
    expect(onTicks.trades.map((trade) => [trade.entryPrice, trade.exitPrice])).toEqual([[100.1, 98.2 - 0.1]]);
  });
});

describe('the trailing stop on ticks', () => {
  it('follows each trade after checking it, so a rise and fall inside one bar exits there', () => {
    const ticks = barsOfTrades([[100], [100, 102, 101.2, 100.9, 101.5], [101.5, 100.4, 101]]);
    const settings = { ...LONG, trailingStop: points(1) };
    const { ticks: onTicks, bars: onBars } = bothWays(ticks, [0], settings);
    // Ticks: the best trade 102 puts the level at 101; 100.9 is the first trade below it.
    expect(onTicks.trades.map(exitOf)).toEqual([[1, 100.9, 'trailing']]);
    // Bars: bar 1's high moves the level only after the bar (99 -> 101); bar 2 reaches it.
    expect(onBars.trades.map(exitOf)).toEqual([[2, 101, 'trailing']]);
    expect(onTicks.intrabar).toMatchObject({ exitsDecidedByTicks: 1, changedFromBars: 1 });
  });

  it('is the stop loss, not the trailing stop, when the two levels are equal', () => {
    const ticks = barsOfTrades([[100], [100, 99, 98]]);
    const settings = { ...LONG, trailingStop: points(1), stopLoss: points(1) };
    expect(bothWays(ticks, [0], settings).ticks.trades.map(exitOf)).toEqual([[1, 99, 'stop']]);
  });
});

describe('exits at the open and at the end', () => {
  it('fills an exit signal at the next bar’s first trade, equal to the bars', () => {
    const ticks = barsOfTrades([
      [100, 101],
      [102, 99, 103],
      [104, 98, 105],
      [106, 107],
    ]);
    const { ticks: onTicks, bars: onBars } = bothWays(ticks, [0], LONG, [1]);
    expect(onTicks.trades.map(exitOf)).toEqual([[2, 104, 'signal']]);
    expect(onTicks.trades).toEqual(onBars.trades);
    expect(Array.from(onTicks.equity)).toEqual(Array.from(onBars.equity));
  });

  it('closes at the last trade of the data, as the bars close at the last close', () => {
    const ticks = barsOfTrades([[100], [100, 103, 97, 101.25]]);
    const { ticks: onTicks, bars: onBars } = bothWays(ticks, [0], LONG);
    expect(onTicks.trades.map(exitOf)).toEqual([[1, 101.25, 'end']]);
    expect(onTicks.trades).toEqual(onBars.trades);
    expect(onTicks.intrabar).toMatchObject({ exitsDecidedByTicks: 0, changedFromBars: 0 });
  });
});

describe('the daily exit time on ticks', () => {
  const HOUR_MS = 60 * MINUTE_MS;
  /** Hourly bars from 13:00 UTC with trades at the given minutes of each hour. */
  function hourly(minutes: readonly number[], prices: readonly number[][]) {
    const start = Date.UTC(2024, 0, 2, 13);
    const ticks = ticksAt(
      prices.flatMap((bar, b) =>
        bar.map((price, i) => [start + b * HOUR_MS + minutes[i]! * MINUTE_MS, price] as const),
      ),
    );
    const tickBars = barsFromTicks(ticks, 60);
    return { tickBars, signals: signalsAt(tickBars.bars.c.length, [0]) };
  }
  const at1530 = { ...LONG, dailyExitTime: { minuteOfDay: 15 * 60 + 30, timeZone: 'Etc/UTC' } };

  it('closes at the first trade at or after the time, inside the bar that holds it', () => {
    const { tickBars, signals } = hourly(
      [0, 10, 30, 45],
      [[100], [100, 101, 102, 103], [104, 105, 106, 107], [108]],
    );
    const onTicks = simulateWithTicks(tickBars.bars, signals, at1530, tickBars);
    const onBars = simulate(tickBars.bars, signals, at1530);
    // 15:30 falls inside the 15:00 bar (bar 2): its trade at 15:30 closes the position.
    expect(listTrades(onTicks.trades, tickBars.bars.t).map(exitOf)).toEqual([[2, 106, 'time']]);
    expect(listTrades(onBars.trades, tickBars.bars.t).map(exitOf)).toEqual([[3, 108, 'time']]);
    expect(onTicks.intrabar).toMatchObject({ exitsDecidedByTicks: 1, changedFromBars: 1 });
  });

  it('counts a time exit at a bar’s first trade as decided by ticks when the bar began before the time', () => {
    const { tickBars, signals } = hourly([0, 40], [[100], [100, 101], [104, 105], [108]]);
    const onTicks = simulateWithTicks(tickBars.bars, signals, at1530, tickBars);
    // The 15:00 bar's first trade is at 15:00, before 15:30; its 15:40 trade is the first after.
    expect(listTrades(onTicks.trades, tickBars.bars.t).map(exitOf)).toEqual([[2, 105, 'time']]);
    const late = hourly([35, 40], [[100], [100, 101], [104, 105], [108]]);
    const lateRun = simulateWithTicks(late.tickBars.bars, late.signals, at1530, late.tickBars);
    // Its first trade at 15:35 is past the time: the exit is there, a bar before the bars' exit.
    expect(listTrades(lateRun.trades, late.tickBars.bars.t).map(exitOf)).toEqual([[2, 104, 'time']]);
    expect(lateRun.intrabar).toMatchObject({ exitsDecidedByTicks: 1, changedFromBars: 1 });
  });
});

describe('the run’s account', () => {
  it('charges commission and marks equity to each close as the bar loop does', () => {
    const ticks = barsOfTrades([[100], [100, 100.4, 101.2], [101, 100.2, 100.8], [103, 101]]);
    const settings = { ...LONG, commissionPct: 0.1, targetProfit: percent(2.5) };
    const { ticks: onTicks, bars: onBars } = bothWays(ticks, [0], settings);
    expect(onTicks.trades).toEqual(onBars.trades);
    expect(Array.from(onTicks.equity)).toEqual(Array.from(onBars.equity));
    // Bar 3 opens beyond the target: both fill at its open.
    expect(onTicks.trades.map(exitOf)).toEqual([[3, 103, 'target']]);
    expect(onTicks.trades[0]!.pnl).toBeCloseTo((1000 / 100.1) * 103 * 0.999 - 1000, 9);
  });

  it('rejects trades that do not cover the bars', () => {
    const tickBars = barsFromTicks(barsOfTrades([[100], [101]]), 5);
    const signals = signalsAt(2, [0]);
    expect(() =>
      simulateWithTicks(tickBars.bars, signals, LONG, {
        ...tickBars,
        barTicks: tickBars.barTicks.subarray(0, 2),
      }),
    ).toThrow('The trades cover 1 bars; the series has 2');
  });
});
