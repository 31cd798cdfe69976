/** Portfolio backtests (one strategy over several symbols, one shared capital): limits, schemas, answers. */
import * as z from 'zod';
import { backtestRequestSchema } from './backtest-request';
import { EVEN_WITH_FIELD_ERRORS } from './validation-errors';

/** Most symbols one portfolio holds. */
export const MAX_PORTFOLIO_SYMBOLS = 20;

/** How far the weights' sum may stray from 1 (typed weights such as 0.333, 0.333, 0.334 add up exactly). */
export const WEIGHT_SUM_TOLERANCE = 1e-6;

const symbolCode = z
  .string({ error: 'Enter a symbol' })
  .trim()
  .min(1, 'Enter a symbol')
  .max(32, 'At most 32 characters')
  .regex(/^[A-Za-z0-9.^_-]+$/, 'Letters, digits and . ^ _ - only')
  .transform((value) => value.toUpperCase());

export const portfolioSymbolSchema = z.object({
  exchange: symbolCode,
  symbol: symbolCode,
  /** Share of the capital; blank on every symbol = equal weights. */
  weight: z
    .number({ error: 'Enter the weight as a number' })
    .gt(0, 'A weight is more than 0')
    .max(1, 'A weight is at most 1')
    .optional(),
});

/** A saved portfolio as the form sends it (POST /api/portfolios, PUT /api/portfolios/:id). */
export const portfolioSchema = z
  .object({
    name: z
      .string({ error: 'Name the portfolio' })
      .trim()
      .min(1, 'Name the portfolio')
      .max(60, 'At most 60 characters'),
    symbols: z
      .array(portfolioSymbolSchema)
      .min(1, 'Add at least one symbol')
      .max(MAX_PORTFOLIO_SYMBOLS, `A portfolio holds at most ${MAX_PORTFOLIO_SYMBOLS} symbols`),
  })
  .superRefine(({ symbols }, ctx) => {
    // Runs even when a field failed, so every problem is reported at once; entries whose own
    // fields failed are left to those fields' messages.
    if (!Array.isArray(symbols)) return;
    const valid = symbols.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry.exchange === 'string' &&
        typeof entry.symbol === 'string' &&
        (entry.weight === undefined || typeof entry.weight === 'number'),
    );
    if (!valid) return;
    const seen = new Set<string>();
    symbols.forEach(({ exchange, symbol }, index) => {
      const key = `${exchange}:${symbol}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['symbols', index, 'symbol'],
          message: `${symbol} (${exchange}) is already in the portfolio`,
        });
      }
      seen.add(key);
    });
    const weighted = symbols.filter((entry) => entry.weight !== undefined).length;
    if (weighted > 0 && weighted < symbols.length) {
      const missing = symbols.findIndex((entry) => entry.weight === undefined);
      ctx.addIssue({
        code: 'custom',
        path: ['symbols', missing, 'weight'],
        message: 'Give every symbol a weight, or none for equal weights',
      });
    } else if (weighted > 0) {
      const sum = symbols.reduce((total, entry) => total + entry.weight!, 0);
      if (Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) {
        ctx.addIssue({
          code: 'custom',
          path: ['symbols'],
          message: `The weights must add up to 1; they add up to ${Number(sum.toPrecision(12))}`,
        });
      }
    }
  }, EVEN_WITH_FIELD_ERRORS);

export type PortfolioInput = z.infer<typeof portfolioSchema>;

export type { Portfolio } from './api/portfolios';

export type { PortfolioBreakdown, PortfolioSymbolResult } from './api/backtests';

/** The exchange code a stored portfolio run carries (its stock is the portfolio's name). */
export const PORTFOLIO_EXCHANGE = 'PORTFOLIO';

/**
 * POST /api/portfolios/:id/backtests: the builder's request, whose exchange and stock are the
 * portfolio's symbols (any given are ignored).
 */
export const portfolioRunSchema = z.preprocess(
  (body) =>
    typeof body === 'object' && body !== null
      ? { ...body, exchange: PORTFOLIO_EXCHANGE, stock: PORTFOLIO_EXCHANGE }
      : body,
  backtestRequestSchema,
);
