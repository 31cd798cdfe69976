/**
 * scikit-learn's times on the ML bench's rows, measured in the same run (bench/sklearn-reference.py)
 * when a Python with scikit-learn is found: BENCH_PYTHON, else `python3`, else /usr/bin/python3
 * (Debian's python3-sklearn). Null when none has it: the bench then says "not measured" rather
 * than divide by a figure from another day and machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MlModel } from '../src/shared/ml-request';

export interface SklearnTimes {
  version: string;
  ms: Record<MlModel, { wallMs: number; cpuMs: number }>;
}

// npm run bench runs from the project's root (scripts/bench.mjs), the bundle from elsewhere.
const SCRIPT = join(process.cwd(), 'bench', 'sklearn-reference.py');

function pythonWithSklearn(): string | null {
  const candidates = [process.env.BENCH_PYTHON, 'python3', '/usr/bin/python3'].filter(Boolean) as string[];
  return (
    candidates.find(
      (python) => spawnSync(python, ['-c', 'import sklearn'], { stdio: 'ignore' }).status === 0,
    ) ?? null
  );
}

/** The rows as the script reads them: int32 rows and features, float64 columns, uint8 labels. */
function rowsFile(columns: readonly Float64Array[], labels: Uint8Array): Buffer {
  const header = Buffer.from(new Int32Array([labels.length, columns.length]).buffer);
  return Buffer.concat([header, ...columns.map((column) => Buffer.from(column.buffer)), Buffer.from(labels)]);
}

export function measureSklearn(columns: readonly Float64Array[], labels: Uint8Array): SklearnTimes | null {
  const python = pythonWithSklearn();
  if (!python) return null;
  const dir = mkdtempSync(join(tmpdir(), 'sklearn-bench-'));
  try {
    const file = join(dir, 'rows.bin');
    writeFileSync(file, rowsFile(columns, labels));
    const run = spawnSync(python, [SCRIPT, file], {
      encoding: 'utf8',
      env: { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1' },
    });
    if (run.status !== 0) {
      console.warn(`scikit-learn's bench failed: ${run.stderr.trim().split('\n').at(-1)}`);
      return null;
    }
    const { version, ...ms } = JSON.parse(run.stdout) as { version: string } & SklearnTimes['ms'];
    return { version, ms };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
