// Regenerates the backtesting.py goldens: runs the Python export of every request in
// tests/engine/export/backtesting-py/requests/ (named <dataset>--<strategy>.json) in
// backtesting.py on the dataset's CSV, as its user would, and writes the trades it made to
// trades/<dataset>--<strategy>.json with the SHA-256 of the exported file. The test
// (reference-trades.test.ts there) holds the engine's trades against them without Python.
//
//   BT_PYTHONPATH=/path/to/backtesting.py node scripts/backtesting-py-goldens.mjs
//
// BT_PYTHONPATH is a checkout of backtesting.py 0.6.6 (the folder holding its `backtesting`
// package); BT_PYTHON the interpreter (python3 by default), with numpy and pandas. bokeh and the
// Python TA-Lib wrapper are not needed: scripts/backtesting-py/ stands in for both.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const cases = join(root, 'tests/engine/export/backtesting-py');
const pythonPath = process.env.BT_PYTHONPATH;
if (!pythonPath) {
  console.error(
    'Set BT_PYTHONPATH to a checkout of backtesting.py 0.6.6 (the folder holding `backtesting`).',
  );
  process.exit(2);
}

/** exportStrategy and the request schema, bundled from the sources (with zod) as the CLI bundles them. */
async function loadExporter(scratch) {
  const outfile = join(scratch, 'exporter.mjs');
  await build({
    stdin: {
      contents:
        "export { exportStrategy } from './src/engine/index';\n" +
        "export { backtestRequestSchema } from './src/shared/backtest-request';\n",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
  });
  return import(pathToFileURL(outfile).href);
}

/** The golden file, one trade a line (as Prettier writes it). */
function goldenJson(python, trades) {
  const exportSha256 = createHash('sha256').update(python).digest('hex');
  const lines = trades.map((trade) => `    ${JSON.stringify(trade).replace(',', ', ')}`);
  const list = trades.length === 0 ? '[]' : `[\n${lines.join(',\n')}\n  ]`;
  return `{\n  "exportSha256": "${exportSha256}",\n  "trades": ${list}\n}\n`;
}

const scratch = mkdtempSync(join(tmpdir(), 'backtesting-py-goldens-'));
try {
  const { exportStrategy, backtestRequestSchema } = await loadExporter(scratch);
  mkdirSync(join(cases, 'trades'), { recursive: true });
  for (const file of readdirSync(join(cases, 'requests')).sort()) {
    const name = file.replace(/\.json$/, '');
    const dataset = name.split('--')[0];
    const request = backtestRequestSchema.parse(
      JSON.parse(readFileSync(join(cases, 'requests', file), 'utf8')),
    );
    const python = exportStrategy(request, 'python');
    const script = join(scratch, `${name}.py`);
    const tradesCsv = join(scratch, `${name}.csv`);
    writeFileSync(script, python);
    execFileSync(
      process.env.BT_PYTHON ?? 'python3',
      [
        join(root, 'scripts/backtesting-py/run_export.py'),
        script,
        join(cases, 'data', `${dataset}.csv`),
        tradesCsv,
      ],
      {
        env: { ...process.env, PYTHONPATH: pythonPath, BT_NODE: process.execPath },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const trades = readFileSync(tradesCsv, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    writeFileSync(join(cases, 'trades', `${name}.json`), goldenJson(python, trades));
    console.log(`${name}: ${trades.length} trades`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
