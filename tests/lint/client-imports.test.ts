import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
// The first lint loads the project's config and its plugins: seconds on a busy machine, so once here.
beforeAll(() => eslint.lintText('', { filePath: 'src/client/lib/fixture.ts' }), 60_000);

/** Lints a fixture as if it were the file at `filePath`, with the project's own eslint.config.js. */
async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** A module that imports `name` from `from` and uses it. */
const importing = (name: string, from: string) =>
  `import { ${name} } from '${from}';\nexport const f = ${name};\n`;

/** The one message the rules give for the fixture at `filePath`: it must be refused exactly once. */
async function refusal(filePath: string, code: string): Promise<string> {
  const messages = await restrictedImports(filePath, code);
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

describe('client import zones', () => {
  it.each([
    [
      'fails a feature that imports another feature',
      'src/client/features/backtest-history/components/Fixture.tsx',
      importing('fetchShareStatus', '../../backtest-results/api'),
      'A feature must not import another feature',
    ],
    [
      'fails a component that imports a feature',
      'src/client/components/Fixture.tsx',
      importing('AccountArea', '../features/auth/AccountArea'),
      'imports flow one way',
    ],
  ])('%s', async (_, filePath, code, reason) => {
    expect(await refusal(filePath, code)).toContain(reason);
  });

  it('fails a feature file at the feature root that imports another feature', async () => {
    await refusal('src/client/features/subscriptions/fixture.ts', importing('login', '../auth/api'));
  });

  it('fails lib code and a page that import the app shell', async () => {
    await refusal('src/client/lib/fixture.ts', importing('App', '../app/App'));
    await refusal('src/client/pages/Fixture.tsx', importing('App', '../app/App'));
  });

  it('lets a feature import its own modules, components, lib, config and shared', async () => {
    const messages = await restrictedImports(
      'src/client/features/backtest-history/components/Fixture.tsx',
      [
        "import { listBacktests } from '../api';",
        "import { Alert } from '../../../components/Alert';",
        "import { apiFetch } from '../../../lib/api-client';",
        "import { PATHS } from '../../../config/paths';",
        "import { CURRENCIES } from '../../../../shared/plans';",
        'export const f = [listBacktests, Alert, apiFetch, PATHS, CURRENCIES];',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('lets a page import features and the layout import the auth feature', async () => {
    expect(
      await restrictedImports(
        'src/client/pages/Fixture.tsx',
        importing('BacktestHistory', '../features/backtest-history/components/BacktestHistory'),
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'src/client/app/layout/Fixture.tsx',
        importing('AccountArea', '../../features/auth/AccountArea'),
      ),
    ).toEqual([]);
  });
});
