/**
 * The "Use the API" guide's curl and Python examples, run exactly as the page shows them
 * against the local app with a new account's token.
 */
import { execFile } from 'node:child_process';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_EXAMPLES, SERVER_ENV_VARIABLE } from '../../src/client/features/site/content/api-guide';
import { TOKEN_ENV_VARIABLE } from '../../src/shared/api-tokens';
import { accountWithToken } from './api-token-helper';
import { browserForFile, watchedPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();
let token: string;

beforeAll(async () => {
  ({ token } = await accountWithToken(baseUrl, 'api-guide'));
});

function run(
  language: 'shell' | 'python',
  code: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, args] =
    language === 'shell' ? ['bash', ['-euo', 'pipefail', '-c', code]] : ['python3', ['-c', code]];
  return new Promise((resolve) => {
    execFile(
      command as string,
      args as string[],
      {
        env: { ...process.env, [SERVER_ENV_VARIABLE]: baseUrl, [TOKEN_ENV_VARIABLE]: token },
        timeout: 120_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the Use the API guide', () => {
  // In order: the robustness example analyses the run an earlier example stored.
  it.each(API_EXAMPLES.map((example) => [example.id, example] as const))(
    'example %s runs against the local app',
    async (_id, example) => {
      const result = await run(example.language, example.code);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(example.prints);
    },
    120_000,
  );

  it('shows the examples on /resources/documentation/api', async () => {
    const { page, errors } = await watchedPage(browser());
    await page.goto(`${baseUrl}/resources/documentation/api`);
    await page.getByRole('heading', { level: 1, name: 'Use the API' }).waitFor();
    for (const example of API_EXAMPLES) {
      expect(
        await page
          .getByRole('region', { name: new RegExp(example.title.replace(/[()]/g, '.')) })
          .textContent(),
      ).toContain(example.code.split('\n')[0]);
    }
    expect(errors).toEqual([]);
  });
});
