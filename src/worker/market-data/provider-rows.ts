/**
 * The provider's rows (EODHD's field names) checked with zod and mapped to ours. A row that does
 * not fit makes the whole answer partial: parseRows throws a ProviderError and the caller falls
 * back, as for any other provider failure.
 */
import * as z from 'zod';
import { ProviderError } from './provider';

/** Text fields may come as numbers or be missing; our records hold strings. */
const text = z
  .unknown()
  .transform((value) => (typeof value === 'string' ? value : value == null ? '' : String(value)));
const code = text.pipe(z.string().min(1));

export const providerExchangeSchema = z
  .object({ Code: code, Name: text, Country: text, Currency: text })
  .transform((row) => ({ code: row.Code, name: row.Name, country: row.Country, currency: row.Currency }));

export const providerSymbolSchema = z
  .object({ Code: code, Name: text, Country: text, Exchange: text, Currency: text, Type: text })
  .transform((row) => ({
    code: row.Code,
    name: row.Name,
    country: row.Country,
    exchange: row.Exchange,
    currency: row.Currency,
    type: row.Type,
  }));

/**
 * A bar's prices as providers send them (EODHD, Tiingo): z.number() refuses NaN and the
 * infinities; a missing volume reads as 0.
 */
export const barPrices = {
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z
    .number()
    .nullish()
    .transform((volume) => volume ?? 0),
};

/** A bar of /eod/: its trading day, YYYY-MM-DD, and its close adjusted for splits and dividends. */
export const providerDailyBarSchema = z.object({
  date: z.string(),
  ...barPrices,
  adjusted_close: z.number().nullish(),
});
/** A split of /splits/: its first day, YYYY-MM-DD, and "4.000000/1.000000". */
export const providerSplitSchema = z.object({ date: z.string(), split: z.string() });
/** A bar of /intraday/: its open, unix seconds (a number or its text). */
export const providerIntradayBarSchema = z.object({ timestamp: z.coerce.number(), ...barPrices });

export function parseRows<Schema extends z.ZodType>(
  schema: Schema,
  rows: unknown[],
  partialMessage: string,
): z.output<Schema>[] {
  const parsed = z.array(schema).safeParse(rows);
  if (!parsed.success) throw new ProviderError(partialMessage);
  return parsed.data;
}
