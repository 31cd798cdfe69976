/**
 * A backtest request built from pro catalogue labels runs through the API like the builder's:
 * the warm-up covers the longest look-back of its lines, and a bad setting is a 400 with its path.
 * (Which plans may use the pro labels is enforced elsewhere.)
 */
import { describe, expect, it } from 'vitest';
import { signUpWithPlan, createRun } from '../test-client';
import { backtestRequest, lineCrossing } from '../../fixtures/requests';

/** backtestRequest's run with an Aroon trend entry (ADX above 15) and the Aroon lines' cross below as the exit. */
const AROON_TREND = backtestRequest({
  entry: {
    parameters: [
      lineCrossing('Aroon Up', 'Crosses Above', 'Aroon Down', 25, 25),
      { indicator1: 'Close Price', logic: 'Greater Than', indicator2: 'Hull MA' },
    ],
    valueBased: [{ indicator: 'Average Directional Index', logic: 'Greater Than', number: '15' }],
  },
  exit: {
    parameters: [{ indicator1: 'Aroon Up', logic: 'Crosses Below', indicator2: 'Aroon Down' }],
  },
});

/** A Pro user: the full catalogue is a Pro feature (tests/worker/routes/entitlements.test.ts). */
const signedIn = async () => (await signUpWithPlan('pro')).browser;

describe('POST /api/backtests with pro catalogue labels', () => {
  it('runs them, with a warm-up covering the ADX look-back (2 x 14 - 1 bars)', async () => {
    const browser = await signedIn();
    const { result } = await createRun(browser, AROON_TREND);
    expect(result.data.warmupBars).toBeGreaterThanOrEqual(27);
    expect(result.trades.length).toBeGreaterThan(0);
    for (const trade of result.trades) expect(trade.entryIndex).toBeGreaterThan(result.data.warmupBars);
  });

  it('answers 400 with the field path for a setting outside its bounds', async () => {
    const browser = await signedIn();
    const res = await browser.request('/api/backtests', {
      json: {
        ...AROON_TREND,
        entry: {
          valueBased: [
            {
              indicator: 'T3 Moving Average',
              logic: 'Greater Than',
              number: '1',
              additionalFields: { 'Volume Factor': '2' },
            },
          ],
        },
      },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: { path: string; message: string }[] } };
    expect(body.error.fields).toContainEqual({
      path: 'entry.valueBased.0.additionalFields.Volume Factor',
      message: 'Volume Factor must be a number from 0 to 1',
    });
  });
});
