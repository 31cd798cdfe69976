/**
 * Binance's kline stream events (`<symbol>@kline_<interval>`): one per update of the bar that is
 * forming, `k.x` true on the update that closes it. Only closed bars reach a forward test.
 */
import * as z from 'zod';
import type { CandleRow } from '../../engine/index';

const klineEventSchema = z.object({
  e: z.literal('kline'),
  k: z.object({
    t: z.number(),
    o: z.coerce.number(),
    h: z.coerce.number(),
    l: z.coerce.number(),
    c: z.coerce.number(),
    v: z.coerce.number(),
    x: z.boolean(),
  }),
});

export type KlineUpdate = { closed: true; bar: CandleRow } | { closed: false };

/** The update a stream message carries, or null for a message that is no kline event. */
export function readKlineMessage(data: string | ArrayBuffer): KlineUpdate | null {
  let json: unknown;
  try {
    json = JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data));
  } catch {
    return null;
  }
  const parsed = klineEventSchema.safeParse(json);
  if (!parsed.success) return null;
  const { t, o, h, l, c, v, x } = parsed.data.k;
  if (!x) return { closed: false };
  if (![t, o, h, l, c, v].every(Number.isFinite)) return null;
  return { closed: true, bar: { t, o, h, l, c, v } };
}
