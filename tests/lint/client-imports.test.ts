import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lints a fixture as if it were the file at `filePath`, with the project's own eslint.config.js. */
async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('client import zones', () => {
  it('fails a feature that imports another feature', async () => {
    const messages = await restrictedImports(
      'src/client/features/backtest-history/components/Fixture.tsx',
      "import { fetchShareStatus } from '../../backtest-results/api';\nexport const f = fetchShareStatus;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('A feature must not import another feature');
  });

  it('fails a feature file at the feature root that imports another feature', async () => {
    const messages = await restrictedImports(
      'src/client/features/subscriptions/fixture.ts',
      "import { login } from '../auth/api';\nexport const f = login;\n",
    );
    expect(messages).toHaveLength(1);
  });

  it('fails a component that imports a feature', async () => {
    const messages = await restrictedImports(
      'src/client/components/Fixture.tsx',
      "import { AccountArea } from '../features/auth/AccountArea';\nexport const f = AccountArea;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('imports flow one way');
  });

  it('fails lib code and a page that import the app shell', async () => {
    expect(
      await restrictedImports(
        'src/client/lib/fixture.ts',
        "import { App } from '../app/App';\nexport const f = App;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'src/client/pages/Fixture.tsx',
        "import { App } from '../app/App';\nexport const f = App;\n",
      ),
    ).toHaveLength(1);
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
        "import { BacktestHistory } from '../features/backtest-history/components/BacktestHistory';\nexport const f = BacktestHistory;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'src/client/app/layout/Fixture.tsx',
        "import { AccountArea } from '../../features/auth/AccountArea';\nexport const f = AccountArea;\n",
      ),
    ).toEqual([]);
  });
});
