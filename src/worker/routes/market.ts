import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { listExchanges, listSymbols } from '../market-data/lists';
import { validate } from '../validation';

const exchangeParam = z.object({
  code: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]{1,20}$/,
      'An exchange code has 1 to 20 letters, digits, dots, dashes or underscores',
    )
    .transform((code) => code.toUpperCase()),
});

function answer<T>(key: string, list: { items: T[]; source: string; error?: string; warning?: string }) {
  const { items, ...rest } = list;
  return { [key]: items, ...rest };
}

/** Exchange and symbol lists (spec 7 calls 1 and 2), fetched by the worker, never the browser. */
export const market = new Hono<AppEnv>()
  .get('/exchanges', async (c) => c.json(answer('exchanges', await listExchanges(c.env))))
  .get('/exchanges/:code/symbols', validate('param', exchangeParam), async (c) =>
    c.json(answer('symbols', await listSymbols(c.env, c.req.valid('param').code))),
  );
