import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's own eslint.config.js, run on small sources placed at paths of each layer. */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

const DEEP = "import { runBacktest } from '../../engine/backtest';\nexport const run = runBacktest;\n";
const PUBLIC = "import { runBacktest } from '../../engine/index';\nexport const run = runBacktest;\n";

describe('the engine is imported through its public surface', () => {
  it('fails a deep engine import in the worker', async () => {
    expect(await importErrors('src/worker/routes/fixture.ts', DEEP)).toEqual([
      expect.stringContaining('Import the engine through src/engine/index.ts'),
    ]);
  });

  it('fails a deep engine import in the client, type-only imports too', async () => {
    const typeOnly =
      "import type { CandleSeries } from '../../../engine/candles/series';\nexport type S = CandleSeries;\n";
    expect(await importErrors('src/client/features/x/fixture.ts', typeOnly)).toHaveLength(1);
    expect(
      await importErrors('src/client/features/x/fixture.ts', DEEP.replace('../../', '../../../')),
    ).toHaveLength(1);
  });

  it('lets the worker and the client import src/engine/index.ts', async () => {
    expect(await importErrors('src/worker/routes/fixture.ts', PUBLIC)).toEqual([]);
    expect(
      await importErrors('src/client/features/x/fixture.ts', PUBLIC.replace('../../', '../../../')),
    ).toEqual([]);
  });

  it('leaves the CLI and the tests free to reach inside', async () => {
    expect(await importErrors('src/cli/commands/fixture.ts', DEEP)).toEqual([]);
    expect(await importErrors('tests/engine/fixture.test.ts', DEEP)).toEqual([]);
  });

  it('keeps the layer boundaries beside it: the worker still may not import the client', async () => {
    const crossing = "import { PATHS } from '../../client/app/paths';\nexport const p = PATHS;\n";
    expect(await importErrors('src/worker/routes/fixture.ts', crossing)).toEqual([
      expect.stringContaining('src/worker must not import from src/client'),
    ]);
  });
});
