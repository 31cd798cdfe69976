// npm run bench: bench/run.ts bundled by esbuild (packages stay external, e.g. talib's native
// addon) and run in this process, so the timings are of the engine as the CLI and the worker
// ship it, not of TypeScript compiled module by module on load.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
const outDir = join(root, 'node_modules', '.cache', 'bench');
mkdirSync(outDir, { recursive: true });
const bundle = join(outDir, `run.${process.pid}.mjs`);

await build({
  entryPoints: [join(root, 'bench/run.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  outfile: bundle,
  logLevel: 'error',
});
await import(pathToFileURL(bundle).href);
