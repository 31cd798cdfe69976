/** Answers of /api/portfolios: a saved portfolio, and the user's list of them. */
import * as z from 'zod';

export const portfolioAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbols: z.array(z.object({ exchange: z.string(), symbol: z.string(), weight: z.number().optional() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** A saved portfolio as the API returns it. */
export type Portfolio = z.infer<typeof portfolioAnswerSchema>;

/** GET /api/portfolios */
export const portfolioListAnswerSchema = z.object({ portfolios: z.array(portfolioAnswerSchema) });
