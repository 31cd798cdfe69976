import { describe, expect, it } from 'vitest';
import { PLAN_IDS, type PlanId, planById } from '../../../src/shared/plans';
import { apiRoutes } from '../../../src/worker/app';
import type { ApiRouteConfig } from '../../../src/worker/openapi/api-route';
import { signUpWithPlan } from '../test-client';

/**
 * A route whose declaration names a least plan (`rules.plan`) refuses every plan below it with
 * 402, naming the plan, to a request that is otherwise valid: the declarations are walked, so a
 * route that gains a plan is held to it here.
 */
const ROUTES = apiRoutes().filter((route) => route.rules.plan !== undefined);
const keyOf = (route: ApiRouteConfig) => `${route.method.toUpperCase()} ${route.path}`;

/** A request each route would serve on its plan: valid path, query and body, the app's own data. */
const VALID_REQUESTS: Record<string, { path: string; json?: unknown }> = {
  'POST /api/forward-tests': {
    path: '/api/forward-tests',
    json: {
      request: {
        exchange: 'BINANCE',
        stock: 'BTCUSDT',
        timeframe: '5 min',
        fromDate: '2026-01-01',
        toDate: '2026-01-02',
        entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '30' }] },
        exit: { valueBased: [{ indicator: 'RSI', logic: 'Greater Than', number: '70' }] },
      },
    },
  },
  'GET /api/market/ticks': {
    path: '/api/market/ticks?exchange=BINANCE&symbol=BTCUSDT&from=2026-01-05T00:00:00Z&to=2026-01-05T01:00:00Z',
  },
  'POST /api/team/invites': { path: '/api/team/invites', json: { email: 'invited@example.com' } },
};

/** The plans below `plan`, in the order PLAN_IDS lists them (cheapest first). */
const plansBelow = (plan: PlanId) => PLAN_IDS.slice(0, PLAN_IDS.indexOf(plan));

describe('the least plan a declaration names', () => {
  it('is named by some routes, each with a valid request here', () => {
    expect(ROUTES.map(keyOf).sort()).toEqual(Object.keys(VALID_REQUESTS).sort());
  });

  it('refuses each plan below it with 402 naming the plan (code payment_required)', async () => {
    const wrong: string[] = [];
    for (const route of ROUTES) {
      const plan = route.rules.plan!;
      const request = VALID_REQUESTS[keyOf(route)]!;
      for (const below of plansBelow(plan)) {
        const { browser } = await signUpWithPlan(below as 'basic' | 'pro');
        const res = await browser.request(request.path, {
          method: route.method.toUpperCase(),
          json: request.json,
        });
        const body = (await res.json()) as { error?: { code: string; message: string } };
        const named = body.error?.message.includes(planById(plan).name) ?? false;
        if (res.status !== 402 || !named || body.error?.code !== 'payment_required') {
          wrong.push(`${keyOf(route)} on ${below}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
