/** GET /api/backtests/:id/robustness: a run's analyses are kept and listed, newest first. */
import { describe, expect, it } from 'vitest';
import { analysisListAnswerSchema } from '../../../src/shared/api/robustness';
import { untilEnded, RULE_RUN } from '../jobs/job-fixtures';
import { signUpWithPlan, createRun } from '../test-client';

describe('a run’s robustness analyses', () => {
  it('lists them newest first, with the PBO and suggestion of those done; others get 404', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { id } = await createRun(browser, RULE_RUN);
    const empty = await browser.request(`/api/backtests/${id}/robustness`);
    expect(analysisListAnswerSchema.parse(await empty.json())).toEqual({ analyses: [] });

    const grids = [
      { 'exitCriteria.stopLoss.value': [3, 5] },
      { 'exitCriteria.stopLoss.value': [2, 3, 4, 5] },
    ];
    const jobIds: string[] = [];
    for (const grid of grids) {
      const started = await browser.request(`/api/backtests/${id}/robustness`, { json: { grid, blocks: 2 } });
      expect(started.status).toBe(202);
      const { jobId } = (await started.json()) as { jobId: string };
      jobIds.push(jobId);
      expect((await untilEnded(browser, jobId)).at(-1)!.state).toBe('done');
    }
    const listed = analysisListAnswerSchema.parse(
      await (await browser.request(`/api/backtests/${id}/robustness`)).json(),
    );
    expect(listed.analyses.map((analysis) => analysis.jobId)).toEqual([...jobIds].reverse());
    expect(listed.analyses.map((analysis) => analysis.configurations)).toEqual([4, 2]);
    for (const analysis of listed.analyses) {
      expect(analysis.state).toBe('done');
      const job = (await (await browser.request(`/api/jobs/${analysis.jobId}`)).json()) as {
        result: { pbo: { pbo: number } | null; suggestion: { settings: object } | null };
      };
      expect(analysis.pbo).toBe(job.result.pbo?.pbo ?? null);
      expect(analysis.suggestion).toEqual(job.result.suggestion?.settings ?? null);
    }

    const stranger = await signUpWithPlan('pro');
    expect((await stranger.browser.request(`/api/backtests/${id}/robustness`)).status).toBe(404);
  }, 60_000);
});
