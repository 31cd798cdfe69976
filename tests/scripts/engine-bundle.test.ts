/**
 * `npm run engine` keeps the CLI's bundle between runs: it runs the kept bundle while no input
 * changed since that bundle's build started, and builds again after a change. Run here on a
 * copy of scripts/engine.mjs in a scratch checkout whose src/cli/main.ts only prints a word (and
 * whose helper thread's module, bundled beside it, holds one word).
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineBundlePaths } from '../../scripts/engine-bundle-path.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const checkout = mkdtempSync(join(tmpdir(), 'engine-bundle-'));
mkdirSync(join(checkout, 'scripts'));
mkdirSync(join(checkout, 'src/cli'), { recursive: true });
for (const script of ['engine.mjs', 'engine-bundle-path.mjs', 'engine-node-flags.mjs']) {
  copyFileSync(join(ROOT, 'scripts', script), join(checkout, 'scripts', script));
}
symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'));
const main = join(checkout, 'src/cli/main.ts');
const helper = join(checkout, 'src/cli/helper-thread.ts');
writeFileSync(helper, "export const role = 'helper';\n");
const { bundle, helperBundle } = engineBundlePaths(checkout);

const runEngine = () =>
  execFileSync(process.execPath, [join(checkout, 'scripts/engine.mjs')], { encoding: 'utf8' }).trim();

afterAll(() => {
  // The bundle lives in the shared node_modules cache: leave nothing behind there.
  rmSync(bundle, { force: true });
  rmSync(helperBundle, { force: true });
  rmSync(checkout, { recursive: true, force: true });
});

describe('npm run engine’s kept bundle', () => {
  it('builds the bundle, records its inputs, and builds again after an input changes', () => {
    writeFileSync(main, "console.log('first');\n");
    expect(runEngine()).toBe('first');
    const firstLine = readFileSync(bundle, 'utf8').split('\n', 1)[0]!;
    const { inputs } = JSON.parse(firstLine.replace('// inputs ', '')) as { inputs: string[] };
    expect(inputs).toEqual(expect.arrayContaining([main, helper, join(checkout, 'scripts/engine.mjs')]));
    expect(readFileSync(helperBundle, 'utf8')).toContain('"helper"');

    writeFileSync(main, "console.log('second');\n");
    expect(runEngine()).toBe('second');
  }, 60_000);

  it('runs the kept bundle, not a new build, while no input changed since its build started', () => {
    writeFileSync(main, "console.log('source');\n");
    expect(runEngine()).toBe('source');
    // As if the build had started well after the last change: the bundle is current. Its text is
    // marked, so the output shows which code ran.
    const text = readFileSync(bundle, 'utf8');
    const newline = text.indexOf('\n');
    const header = JSON.parse(text.slice('// inputs '.length, newline)) as { startedAt: number };
    header.startedAt = Date.now() + 60_000;
    writeFileSync(
      bundle,
      `// inputs ${JSON.stringify(header)}${text.slice(newline).replace('source', 'kept')}`,
    );
    expect(runEngine()).toBe('kept');
  }, 60_000);
});
