/**
 * What one chunk of a tick run gave (tick-run.ts: its bars' equity and the trades it closed)
 * as JSON text and back, so a queue message's stored result can carry it to the chunk that
 * finishes the run (chunked-tick-run.ts). NaN and the infinities travel as the strings "NaN",
 * "Infinity" and "-Infinity", as in encodeTickRunState, and a negative zero (a trade's maximum
 * adverse excursion when the price never went against it) as "-0", so the result is the one
 * the whole run gives, bit for bit.
 */
import type { PositionSide } from '../simulate/trade';
import type { TradeColumns } from '../simulate/trade-columns';
import type { TickChunkResult } from './tick-run';

const FLOAT_COLUMNS = [
  'entryPrice',
  'exitPrice',
  'quantity',
  'pnl',
  'returnPct',
  'mfePct',
  'maePct',
  'costs',
] as const;

interface TickChunkJson {
  firstBar: number;
  equity: number[];
  side: PositionSide;
  entryIndex: number[];
  exitIndex: number[];
  exitReason: number[];
  floats: Record<(typeof FLOAT_COLUMNS)[number], number[]>;
}

const NON_FINITE: Record<string, number> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
  '-0': -0,
};

/** The chunk's result as JSON text. */
export function encodeTickChunkResult({ firstBar, equity, trades }: TickChunkResult): string {
  const json: TickChunkJson = {
    firstBar,
    equity: Array.from(equity),
    side: trades.side,
    entryIndex: Array.from(trades.entryIndex),
    exitIndex: Array.from(trades.exitIndex),
    exitReason: Array.from(trades.exitReason),
    floats: Object.fromEntries(
      FLOAT_COLUMNS.map((name) => [name, Array.from(trades[name])]),
    ) as TickChunkJson['floats'],
  };
  return JSON.stringify(json, (_key, value: unknown) =>
    typeof value !== 'number'
      ? value
      : Object.is(value, -0)
        ? '-0'
        : Number.isFinite(value)
          ? value
          : String(value),
  );
}

/** The result encodeTickChunkResult wrote. */
export function decodeTickChunkResult(text: string): TickChunkResult {
  const json = JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'string' && Object.hasOwn(NON_FINITE, value) ? NON_FINITE[value] : value,
  ) as TickChunkJson;
  const floats = Object.fromEntries(
    FLOAT_COLUMNS.map((name) => [name, Float64Array.from(json.floats[name])]),
  ) as Record<(typeof FLOAT_COLUMNS)[number], Float64Array>;
  const trades: TradeColumns = {
    side: json.side,
    count: json.entryIndex.length,
    entryIndex: Int32Array.from(json.entryIndex),
    exitIndex: Int32Array.from(json.exitIndex),
    exitReason: Uint8Array.from(json.exitReason),
    ...floats,
  };
  return { firstBar: json.firstBar, equity: Float64Array.from(json.equity), trades };
}
