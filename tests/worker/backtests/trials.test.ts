/**
 * GET /api/backtests/:id counts the strategies the user tried on the run's data: the distinct
 * requests of their runs on the same exchange, symbol and timeframe with overlapping dates, up
 * to the run (deleted runs too; a rerun, on any of those dates, is the same strategy; an ML run
 * is one, whatever thresholds its check sweeps), plus the configurations of their finished
 * robustness analyses; never another user's. The deflated Sharpe ratio served with a run (its
 * own, and an ML run's threshold check) and with an analysis counts them as its trials.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { barsPerYear, deflatedSharpeRatio, TRADING_DAYS_PER_YEAR } from '../../../src/engine/index';
import type { BacktestRun } from '../../../src/shared/api/backtests';
import { jobAnswerSchema, type JobAnswer } from '../../../src/shared/api/robustness';
import { RULE_RUN, SMALL_GRID, untilEnded } from '../jobs/job-fixtures';
import { signUpWithPlan, TestBrowser, createRun } from '../test-client';
import { backtestRequest, percentStopLoss, rsiBelow } from '../../fixtures/requests';
import { EVIDENCE } from '../../../src/engine/robustness/evidence';

/** AAPL's hourly bars over two months: RSI below 40 as the entry, a 2% stop, no exit rule. */
const RUN = backtestRequest({ entry: rsiBelow('40'), exit: undefined, exitCriteria: percentStopLoss('2') });
/** The same data with another entry level: another strategy. */
const withEntryBelow = (level: string) => ({
  ...RUN,
  entry: rsiBelow(level),
});

const run = async (browser: TestBrowser, request: object) => (await createRun(browser, request)).id;

async function read(browser: TestBrowser, id: string): Promise<BacktestRun> {
  const res = await browser.request(`/api/backtests/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as BacktestRun;
}

const variance = (values: number[]) => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
};

describe('trials of a run', { timeout: 30_000 }, () => {
  it("counts three runs on the same data as 3, with their Sharpe ratios' variance, and not another user's", async () => {
    const owner = await signUpWithPlan('pro');
    const other = await signUpWithPlan('pro');
    const first = await run(owner.browser, withEntryBelow('30'));
    // Another user's run on the same data, between the owner's runs.
    const othersRun = await run(other.browser, withEntryBelow('35'));
    const second = await run(owner.browser, withEntryBelow('45'));
    // Another symbol and dates that do not overlap: other data, not counted.
    await run(owner.browser, { ...RUN, stock: 'MSFT' });
    await run(owner.browser, { ...RUN, fromDate: '2023-11-01', toDate: '2023-11-30' });
    const third = await run(owner.browser, withEntryBelow('60'));
    // The first strategy again, on the same dates and on overlapping ones: still three strategies.
    const rerun = await run(owner.browser, withEntryBelow('30'));
    const rerunOnOtherDates = await run(owner.browser, { ...withEntryBelow('30'), fromDate: '2023-09-15' });

    const firstRun = await read(owner.browser, first);
    expect(firstRun.trials).toMatchObject({
      count: 1,
      sharpeVarianceAnnualised: null,
      sharpeVariancePerBar: null,
      barsPerYear: barsPerYear('1 hour'),
      since: firstRun.createdAt,
    });
    expect((await read(owner.browser, second)).trials!.count).toBe(2);
    const thirdRun = await read(owner.browser, third);
    const sharpes = await Promise.all(
      [first, second, third].map(async (id) => (await read(owner.browser, id)).result.metrics.sharpe!),
    );
    expect(new Set(sharpes).size).toBeGreaterThan(1);
    expect(thirdRun.trials!.count).toBe(3);
    // The metrics' Sharpe ratios are annualised; per bar, the variance is barsPerYear times smaller.
    expect(thirdRun.trials!.sharpeVarianceAnnualised).toBeCloseTo(variance(sharpes), 12);
    expect(thirdRun.trials!.sharpeVariancePerBar).toBe(
      thirdRun.trials!.sharpeVarianceAnnualised! / barsPerYear('1 hour'),
    );
    expect(thirdRun.trials!.since).toBe(firstRun.createdAt);
    expect((await read(other.browser, othersRun)).trials!.count).toBe(1);
    for (const again of [rerun, rerunOnOtherDates]) {
      const trials = (await read(owner.browser, again)).trials!;
      expect(trials.count).toBe(3);
      // One Sharpe ratio a strategy: the rerun on the same dates adds none to the variance.
      if (again === rerun)
        expect(trials).toEqual({ ...thirdRun.trials!, since: trials.since, dsr: trials.dsr });
    }
  });

  it("still counts a deleted run, and counts a finished analysis's configurations once", async () => {
    const { browser, id: userId } = await signUpWithPlan('pro');
    const first = await run(browser, withEntryBelow('30'));
    const second = await run(browser, withEntryBelow('45'));
    expect((await browser.request(`/api/backtests/${first}`, { method: 'DELETE' })).status).toBe(204);
    const analysis = (backtestId: string, state: string, grid: string, configurations: number) =>
      env.DB.prepare(
        `INSERT INTO jobs (id, user_id, kind, backtest_id, state, request_json, grid_json, warmup_bars,
           series_key, configurations, chunk_size, total_chunks, created_at)
         VALUES (?1, ?2, 'robustness', ?3, ?4, '{}', ?5, 0, 'jobs/none', ?6, 10, 1, '2000-01-01T00:00:00.000Z')`,
      )
        .bind(crypto.randomUUID(), userId, backtestId, state, grid, configurations)
        .run();
    const stops = '{"exitCriteria.stopLoss.value":[1,2,3,4,5,6,7,8,9,10,11,12]}';
    await analysis(first, 'done', stops, 12);
    await analysis(second, 'cancelled', '{"exitCriteria.stopLoss.value":[1,2,3,4]}', 40);
    // 2 runs + the 12 configurations of the finished analysis; the cancelled one is left out.
    expect((await read(browser, second)).trials!.count).toBe(14);
    // The same analysis of the same strategy again tries nothing new; another grid does.
    await analysis(first, 'done', stops, 12);
    expect((await read(browser, second)).trials!.count).toBe(14);
    await analysis(first, 'done', '{"exitCriteria.stopLoss.value":[1,2,3,4,5]}', 5);
    expect((await read(browser, second)).trials!.count).toBe(19);
  });
});

/** Five years of AAPL's synthetic daily bars, a logistic model: trained within the request. */
const ML_RUN = {
  ...RULE_RUN,
  mode: 'ml',
  ml: { model: 'logistic', walkForward: { trainBars: 300, testBars: 200 }, seed: 7 },
};

type Dsr = NonNullable<JobAnswer['result']>['dsr'] & {};

/** The DSR of `dsr`'s estimate over `trials` and `variance`, as the engine computes it. */
const expectedDsr = (dsr: Dsr, trials: number, variance: number) =>
  deflatedSharpeRatio({
    sharpe: dsr.sharpe,
    observations: dsr.observations,
    skewness: dsr.skewness!,
    kurtosis: dsr.kurtosis!,
    trials,
    trialsSharpeVariance: variance,
  }).dsr;

// Each test makes several real runs (ML ones train in the request).
describe('the deflated Sharpe ratio over the trials', { timeout: 60_000 }, () => {
  it("lowers an ML run's DSR as the user's trials on its data rise, and not for another user's", async () => {
    const owner = await signUpWithPlan('pro');
    const other = await signUpWithPlan('pro');
    const firstId = await run(owner.browser, ML_RUN);
    const first = await read(owner.browser, firstId);
    const firstDsr = first.result.ml!.thresholdSweep.dsr!;
    const thresholds = first.result.ml!.thresholdSweep.thresholds.length;
    // Alone on its data, the run is one strategy, and its threshold check's trials are its
    // thresholds: the DSR is the one it was stored with.
    expect(first.trials!.count).toBe(1);
    expect(firstDsr.trials).toBe(thresholds);
    const stored = await env.DB.prepare('SELECT result_json FROM backtests WHERE id = ?1')
      .bind(firstId)
      .first<{ result_json: string }>();
    expect(firstDsr).toEqual(
      (JSON.parse(stored!.result_json) as BacktestRun['result']).ml!.thresholdSweep.dsr,
    );

    // Another user's runs on the same data change nothing for the owner.
    await run(other.browser, RULE_RUN);
    await run(other.browser, ML_RUN);
    await run(owner.browser, RULE_RUN);
    await run(owner.browser, { ...RULE_RUN, exitCriteria: { stopLoss: { type: 'percentage', value: '3' } } });
    const second = await read(owner.browser, await run(owner.browser, ML_RUN));
    // The ML run twice is one strategy, the two rule runs two more.
    expect(second.trials!.count).toBe(3);
    const secondDsr = second.result.ml!.thresholdSweep.dsr!;
    // The thresholds it chose among and the two other strategies tried on the data.
    expect(secondDsr.trials).toBe(thresholds + 2);
    // The same model on the same bars: only the trials differ.
    expect(secondDsr.sharpe).toBe(firstDsr.sharpe);
    expect(secondDsr.psr).toBe(firstDsr.psr);
    const perBar = second.trials!.sharpeVariancePerBar!;
    expect(perBar).toBe(second.trials!.sharpeVarianceAnnualised! / barsPerYear('1 day'));
    const variance = Math.max(firstDsr.trialsSharpeVariance, perBar);
    expect(secondDsr.trialsSharpeVariance).toBe(variance);
    expect(secondDsr.dsr).toBeCloseTo(expectedDsr(secondDsr, thresholds + 2, variance), 12);
    expect(secondDsr.dsr).toBeLessThan(firstDsr.dsr);
    // The first run's trials stay those up to it.
    expect((await read(owner.browser, firstId)).result.ml!.thresholdSweep.dsr).toEqual(firstDsr);
  });

  it("deflates an analysis's DSR over the runs on its data and its own configurations", async () => {
    const { browser } = await signUpWithPlan('pro');
    await run(browser, { ...RULE_RUN, exitCriteria: { stopLoss: { type: 'percentage', value: '3' } } });
    await run(browser, { ...RULE_RUN, exitCriteria: { stopLoss: { type: 'percentage', value: '8' } } });
    const analysed = await run(browser, RULE_RUN);
    const started = await browser.request(`/api/backtests/${analysed}/robustness`, { json: SMALL_GRID });
    expect(started.status).toBe(202);
    const { jobId } = (await started.json()) as { jobId: string };
    expect((await untilEnded(browser, jobId)).at(-1)!.state).toBe('done');

    const job = jobAnswerSchema.parse(await (await browser.request(`/api/jobs/${jobId}`)).json());
    const dsr = job.result!.dsr!;
    // Three runs on the data and the analysis's two configurations.
    expect(dsr.trials).toBe(5);
    const runs = await read(browser, analysed);
    const perDay = runs.trials!.sharpeVarianceAnnualised! / TRADING_DAYS_PER_YEAR;
    const stored = await env.DATASETS.get(`jobs/${jobId}/result.json`);
    const measured = (await stored!.json<{ dsr: Dsr }>()).dsr;
    expect(measured.trials).toBe(2);
    expect(dsr.trialsSharpeVariance).toBe(Math.max(measured.trialsSharpeVariance, perDay));
    expect(dsr.dsr).toBeCloseTo(expectedDsr(dsr, 5, dsr.trialsSharpeVariance), 12);
    expect(dsr.dsr).toBeLessThan(measured.dsr);
    expect(dsr.psr).toBe(measured.psr);
  });
});

describe("a run's own deflated Sharpe ratio over its trials", { timeout: 60_000 }, () => {
  it('falls for the same strategy as the trials on its data rise from 1 to 3, not with another user’s', async () => {
    const owner = await signUpWithPlan('pro');
    const other = await signUpWithPlan('pro');
    const firstId = await run(owner.browser, withEntryBelow('30'));
    await run(other.browser, withEntryBelow('30'));
    await run(other.browser, withEntryBelow('60'));
    await run(owner.browser, withEntryBelow('60'));
    await run(owner.browser, withEntryBelow('45'));
    // The first strategy again: the same returns, with three strategies tried on the data.
    const thirdId = await run(owner.browser, withEntryBelow('30'));

    const first = await read(owner.browser, firstId);
    const estimate = first.result.sharpeEstimate!;
    expect(estimate.observations).toBeGreaterThanOrEqual(EVIDENCE.dsrObservations);
    expect(estimate.sharpe * Math.sqrt(barsPerYear('1 hour'))).toBeCloseTo(first.result.metrics.sharpe!, 10);
    const alone = first.trials!.dsr!;
    // One trial selects nothing: SR0 is 0 and the DSR is the PSR.
    expect(first.trials!.count).toBe(1);
    expect(alone).toEqual({
      psr: alone.psr,
      dsr: alone.psr,
      sr0: 0,
      observations: estimate.observations,
      warning: null,
    });
    expect(alone.psr).toBe(deflatedSharpeRatio({ ...estimate, trials: 1, trialsSharpeVariance: 0 }).psr);

    const third = await read(owner.browser, thirdId);
    expect(third.result.sharpeEstimate).toEqual(estimate);
    expect(third.trials!.count).toBe(3);
    const perBar = third.trials!.sharpeVariancePerBar!;
    expect(perBar).toBeGreaterThan(0);
    const expected = deflatedSharpeRatio({ ...estimate, trials: 3, trialsSharpeVariance: perBar });
    const deflated = third.trials!.dsr!;
    expect(deflated.dsr).toBeCloseTo(expected.dsr, 12);
    expect(deflated.sr0).toBeCloseTo(expected.sr0, 15);
    expect(deflated.psr).toBe(alone.psr);
    expect(deflated.dsr).toBeLessThan(alone.dsr);
  });

  it('warns under 100 bars, is null for an ML run, and is not on a shared link', async () => {
    const { browser } = await signUpWithPlan('pro');
    // A week of hourly bars, always in the market: its returns vary, but they are few.
    const shortId = await run(browser, {
      ...withEntryBelow('100'),
      fromDate: '2023-10-23',
      toDate: '2023-10-27',
    });
    const short = await read(browser, shortId);
    const observations = short.result.sharpeEstimate!.observations;
    expect(observations).toBeLessThan(EVIDENCE.dsrObservations);
    expect(short.trials!.dsr!.warning).toBe(
      `Only ${observations} bars: the deflated Sharpe ratio needs at least 100 to be reliable`,
    );

    const ml = await read(browser, await run(browser, ML_RUN));
    expect(ml.result.sharpeEstimate).toBeUndefined();
    expect(ml.trials!.dsr).toBeNull();

    const shared = await browser.request(`/api/backtests/${shortId}/share`, { json: {} });
    expect(shared.status).toBe(201);
    const { token } = (await shared.json()) as { token: string };
    const opened = await new TestBrowser().request(`/api/public/backtests/${token}`);
    expect(opened.status).toBe(200);
    const body = (await opened.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('trials');
    expect(body.result).toHaveProperty('sharpeEstimate');
  });
});
