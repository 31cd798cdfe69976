import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { notifyJobFinished } from '../../../src/worker/mail/job-finished-mail';
import { fakeResend, sentWith } from '../fakes/resend';

async function userWith(notifyJobDone: boolean) {
  const id = crypto.randomUUID();
  const email = `jobs-${id.slice(0, 8)}@example.com`;
  await env.DB.prepare('INSERT INTO users (id, email, notify_job_done) VALUES (?1, ?2, ?3)')
    .bind(id, email, notifyJobDone ? 1 : 0)
    .run();
  return { id, email };
}

async function jobOf(
  userId: string,
  job: {
    kind: 'ml' | 'robustness';
    state: string;
    backtestId?: string;
    resultBacktestId?: string;
    error?: string;
    /** The origin of the request that started the job (null: a job queued before jobs kept it). */
    linkOrigin?: string | null;
  },
) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO jobs (id, user_id, kind, backtest_id, state, request_json, warmup_bars, series_key,
       configurations, chunk_size, total_chunks, error, result_backtest_id, link_origin)
     VALUES (?1, ?2, ?3, ?4, ?5, '{}', 0, 'jobs/x/series.bin', 1, 1, 1, ?6, ?7, ?8)`,
  )
    .bind(
      id,
      userId,
      job.kind,
      job.backtestId ?? null,
      job.state,
      job.error ?? null,
      job.resultBacktestId ?? null,
      job.linkOrigin === undefined ? 'https://started.test' : job.linkOrigin,
    )
    .run();
  return id;
}

describe('the mail when a long run finishes', () => {
  it('tells a user who opted in that an ML run is ready, with a link to it, once', async () => {
    const provider = fakeResend();
    const user = await userWith(true);
    const jobId = await jobOf(user.id, { kind: 'ml', state: 'done', resultBacktestId: 'run-42' });
    const withProvider = { ...env, ...provider.bindings, APP_URL: 'https://studio.test' };
    await notifyJobFinished(withProvider, { jobId });
    await notifyJobFinished(withProvider, { jobId });
    const sent = await sentWith(provider.key);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: [user.email], subject: 'Your ML run is ready · Backtest Studio' });
    expect(sent[0]!.text).toContain('Open the result: https://studio.test/backtests/run-42');
  });

  it('tells the outcome of a failed analysis with its reason and a link to the analysed run', async () => {
    const provider = fakeResend();
    const user = await userWith(true);
    const jobId = await jobOf(user.id, {
      kind: 'robustness',
      state: 'failed',
      backtestId: 'run-7',
      error: 'Part 3 of 20 of the analysis kept failing after its retries: boom',
    });
    await notifyJobFinished({ ...env, ...provider.bindings, APP_URL: 'https://studio.test' }, { jobId });
    const [mail] = await sentWith(provider.key);
    expect(mail!.subject).toBe('Your robustness analysis failed · Backtest Studio');
    expect(mail!.text).toContain('kept failing after its retries: boom');
    expect(mail!.text).toContain('https://studio.test/backtests/run-7');
  });

  it('links to the origin the job was started from without APP_URL, and without either has no link', async () => {
    const provider = fakeResend();
    const user = await userWith(true);
    const withoutAppUrl = { ...env, ...provider.bindings, APP_URL: undefined };
    const started = await jobOf(user.id, { kind: 'ml', state: 'done', resultBacktestId: 'run-9' });
    await notifyJobFinished(withoutAppUrl, { jobId: started });
    const old = await jobOf(user.id, {
      kind: 'ml',
      state: 'done',
      resultBacktestId: 'run-8',
      linkOrigin: null,
    });
    await notifyJobFinished(withoutAppUrl, { jobId: old });
    const [linked, unlinked] = await sentWith(provider.key);
    expect(linked!.text).toContain('Open the result: https://started.test/backtests/run-9');
    expect(unlinked!.subject).toBe('Your ML run is ready · Backtest Studio');
    expect(unlinked!.text).not.toMatch(/https?:\/\//);
  });

  it('sends nothing to a user who did not opt in, nor for a job still running', async () => {
    const provider = fakeResend();
    const quiet = await userWith(false);
    const eager = await userWith(true);
    const withProvider = { ...env, ...provider.bindings };
    await notifyJobFinished(withProvider, { jobId: await jobOf(quiet.id, { kind: 'ml', state: 'done' }) });
    await notifyJobFinished(withProvider, { jobId: await jobOf(eager.id, { kind: 'ml', state: 'running' }) });
    await notifyJobFinished(withProvider, { jobId: 'no-such-job' });
    expect(await sentWith(provider.key)).toEqual([]);
  });
});
