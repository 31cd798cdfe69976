/**
 * fast-check generators of random backtest requests, shared by the property tests. A test
 * states its bounds (longest period, rows per side, the levels value rows compare with, the
 * exit distances) and the money fields it varies; the shape of the request is built here.
 */
import fc from 'fast-check';
import {
  COMPARISON_LOGIC,
  CROSSOVER_LOGIC,
  SIZING_MODES,
  TIMEFRAMES,
  TIMEZONES,
} from '../../src/shared/backtest-vocabulary';
import { CANDLESTICK_PATTERN_NAMES } from '../../src/shared/candlestick-patterns';
import {
  CROSSOVER_INDICATOR_LABELS,
  VALUE_INDICATOR_LABELS,
  indicatorSettings,
} from '../../src/shared/indicators';

/** Blank (default) or a period from 1 to `maxPeriod` for each setting the indicator declares. */
export const settingsFor = (label: string, maxPeriod: number) =>
  fc
    .tuple(
      ...indicatorSettings(label).map(() =>
        fc.oneof(fc.constant(''), fc.integer({ min: 1, max: maxPeriod }).map(String)),
      ),
    )
    .map((values) =>
      Object.fromEntries(indicatorSettings(label).map((setting, i) => [setting.label, values[i]!])),
    );

export const crossoverRow = (maxPeriod: number) =>
  fc
    .tuple(fc.constantFrom(...CROSSOVER_INDICATOR_LABELS), fc.constantFrom(...CROSSOVER_INDICATOR_LABELS))
    .chain(([indicator1, indicator2]) =>
      fc.record({
        indicator1: fc.constant(indicator1),
        logic: fc.constantFrom(...CROSSOVER_LOGIC),
        indicator2: fc.constant(indicator2),
        additionalFields1: settingsFor(indicator1, maxPeriod),
        additionalFields2: settingsFor(indicator2, maxPeriod),
      }),
    );

export const valueRow = <N extends number | string | null>(number: fc.Arbitrary<N>, maxPeriod: number) =>
  fc.constantFrom(...VALUE_INDICATOR_LABELS).chain((indicator) =>
    fc.record({
      indicator: fc.constant(indicator),
      logic: fc.constantFrom(...COMPARISON_LOGIC),
      number,
      additionalFields: settingsFor(indicator, maxPeriod),
    }),
  );

/** No target (stop, trailing stop), or one in percent or points from `min` to `max`. */
export const exitCriterion = (min: number, max: number) =>
  fc.oneof(
    fc.constant({ type: '' as const, value: null }),
    fc.record({
      type: fc.constantFrom('percentage' as const, 'points' as const),
      value: fc.double({ min, max, noNaN: true }),
    }),
  );

/** A time of day as the form writes it, "HH:MM". */
export const clockTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

export const sizingMode = fc.constantFrom(...SIZING_MODES);

export interface RequestBounds<EntryLevel, ExitLevel> {
  /** The longest period an indicator setting draws. */
  maxPeriod: number;
  /** The most rows of each kind the entry draws. */
  entryRows: { parameters: number; valueBased: number; candleStick: number };
  /** The most rows of each kind the exit draws. */
  exitRows: { parameters: number; valueBased: number };
  /** What the value rows of the entry and of the exit compare with. */
  entryLevel: fc.Arbitrary<EntryLevel>;
  exitLevel: fc.Arbitrary<ExitLevel>;
  /** The range of the target, stop and trailing-stop distances. */
  exitDistance: { min: number; max: number };
}

/** What a record of arbitraries draws. */
type Drawn<Model> = { [K in keyof Model]: Model[K] extends fc.Arbitrary<infer V> ? V : never };

/** The rules of a request: timeframe, side, entry and exit rows, exit criteria. */
function rulesModel<EntryLevel extends number | string, ExitLevel extends number | string | null>(
  bounds: RequestBounds<EntryLevel, ExitLevel>,
) {
  const combine = fc.constantFrom('all' as const, 'any' as const);
  const crossover = crossoverRow(bounds.maxPeriod);
  const distance = exitCriterion(bounds.exitDistance.min, bounds.exitDistance.max);
  return {
    timeframe: fc.constantFrom(...TIMEFRAMES),
    transactionType: fc.constantFrom('buy' as const, 'sell' as const),
    entry: fc.record({
      parameters: fc.array(crossover, { maxLength: bounds.entryRows.parameters }),
      valueBased: fc.array(valueRow(bounds.entryLevel, bounds.maxPeriod), {
        maxLength: bounds.entryRows.valueBased,
      }),
      candleStick: fc.array(fc.record({ pattern1: fc.constantFrom(...CANDLESTICK_PATTERN_NAMES) }), {
        maxLength: bounds.entryRows.candleStick,
      }),
      combine,
    }),
    exit: fc.record({
      parameters: fc.array(crossover, { maxLength: bounds.exitRows.parameters }),
      valueBased: fc.array(valueRow(bounds.exitLevel, bounds.maxPeriod), {
        maxLength: bounds.exitRows.valueBased,
      }),
      combine,
    }),
    exitCriteria: fc.record({
      targetProfit: distance,
      stopLoss: distance,
      trailingStopLoss: distance,
      timing: fc.record({
        time: fc.oneof(fc.constant(''), clockTime),
        timezone: fc.constantFrom(...TIMEZONES),
      }),
    }),
  };
}

/**
 * Random valid requests for the TEST stock from 2019 to 2026: rules within `bounds`, with at
 * least one entry row, then the money fields `money` draws (capital, costs, sizing), in order.
 */
export function requestInput<
  EntryLevel extends number | string,
  ExitLevel extends number | string | null,
  Money extends Record<string, fc.Arbitrary<unknown>>,
>(bounds: RequestBounds<EntryLevel, ExitLevel>, money: Money) {
  const fields = fc.record({ ...rulesModel(bounds), ...money }) as fc.Arbitrary<
    Drawn<ReturnType<typeof rulesModel<EntryLevel, ExitLevel>>> & Drawn<Money>
  >;
  return fields
    .map((drawn) => ({
      exchange: 'US',
      stock: 'TEST',
      fromDate: '2019-01-01',
      toDate: '2026-12-31',
      ...drawn,
    }))
    .filter(({ entry }) => entry.parameters.length + entry.valueBased.length + entry.candleStick.length > 0);
}
