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
/** An import of `surface` (index, browser or cli) from a file two folders below src/. */
const from = (surface: string) =>
  `import { runBacktest } from '../../engine/${surface}';\nexport const run = runBacktest;\n`;

describe('each layer imports the engine through its own surface', { timeout: 30_000 }, () => {
  it('fails a deep engine import in the worker', async () => {
    expect(await importErrors('src/worker/routes/fixture.ts', DEEP)).toEqual([
      expect.stringContaining('Import the engine through src/engine/index.ts'),
    ]);
  });

  it('fails a deep engine import in the client, type-only imports too', async () => {
    const typeOnly =
      "import type { CandleSeries } from '../../../engine/candles/series';\nexport type S = CandleSeries;\n";
    expect(await importErrors('src/client/features/x/fixture.ts', typeOnly)).toEqual([
      expect.stringContaining('Import the engine through src/engine/browser.ts'),
    ]);
    expect(
      await importErrors('src/client/features/x/fixture.ts', DEEP.replace('../../', '../../../')),
    ).toHaveLength(1);
  });

  it('fails a deep engine import in the CLI', async () => {
    expect(await importErrors('src/cli/commands/fixture.ts', DEEP)).toEqual([
      expect.stringContaining('Import the engine through src/engine/cli.ts'),
    ]);
  });

  it('lets each layer import its own surface, and only its own', async () => {
    expect(await importErrors('src/worker/routes/fixture.ts', from('index'))).toEqual([]);
    expect(await importErrors('src/cli/commands/fixture.ts', from('cli'))).toEqual([]);
    const client = (surface: string) => from(surface).replace('../../', '../../../');
    expect(await importErrors('src/client/features/x/fixture.ts', client('browser'))).toEqual([]);
    expect(await importErrors('src/client/features/x/fixture.ts', client('index'))).toHaveLength(1);
    expect(await importErrors('src/worker/routes/fixture.ts', from('cli'))).toContainEqual(
      expect.stringContaining('Import the engine through src/engine/index.ts'),
    );
    expect(await importErrors('src/cli/commands/fixture.ts', from('browser'))).toHaveLength(1);
  });

  it('fails an import of the engine folder itself, which would resolve to the worker’s surface', async () => {
    const bare = "import { runBacktest } from '../../engine';\nexport const run = runBacktest;\n";
    expect(await importErrors('src/cli/commands/fixture.ts', bare)).toHaveLength(1);
    expect(await importErrors('src/client/x/fixture.ts', bare)).toHaveLength(1);
  });

  it('leaves the tests and the CLI’s helper thread (a small bundle of its own) free to reach inside', async () => {
    expect(await importErrors('tests/engine/fixture.test.ts', DEEP.replace('../../', '../../src/'))).toEqual(
      [],
    );
    expect(await importErrors('src/cli/csv-tail.ts', DEEP.replace('../../', '../'))).toEqual([]);
    expect(await importErrors('src/cli/helper-thread.ts', DEEP.replace('../../', '../'))).toEqual([]);
  });

  it('still keeps the helper thread out of the worker and the client', async () => {
    const crossing = "import { app } from '../worker/app';\nexport const a = app;\n";
    expect(await importErrors('src/cli/csv-tail.ts', crossing)).toEqual([
      expect.stringContaining('src/cli must not import from src/worker'),
    ]);
  });

  it('keeps the layer boundaries beside it: the worker still may not import the client', async () => {
    const crossing = "import { PATHS } from '../../client/app/paths';\nexport const p = PATHS;\n";
    expect(await importErrors('src/worker/routes/fixture.ts', crossing)).toEqual([
      expect.stringContaining('src/worker must not import from src/client'),
    ]);
  });
});
