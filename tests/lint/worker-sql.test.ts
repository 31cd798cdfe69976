/**
 * Every statement the worker sends to D1 lives in src/worker/db/ (docs/architecture.md): no
 * other worker file prepares a statement or sends a batch. A text scan of each line for a call
 * of `.prepare(` or `.batch(` (type arguments too, `.batch<Row>(`); comment lines aside.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const WORKER = 'src/worker';
const DB = 'src/worker/db/';

/** A D1 call: `.prepare(` or `.batch(`, with or without type arguments. */
const D1_CALL = /\.(?:prepare|batch)\s*(?:<[^()]*>)?\s*\(/;
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*)/;

function workerFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return workerFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [relative(ROOT, path)] : [];
  });
}

/** Each D1 call of `source` as `file:line: code`, unless the file is under src/worker/db/. */
function d1CallsOutsideDb(file: string, source: string): string[] {
  if (file.startsWith(DB)) return [];
  return source
    .split('\n')
    .flatMap((line, index) =>
      D1_CALL.test(line) && !COMMENT_LINE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
    );
}

const files = workerFiles(join(ROOT, WORKER));
const sourceOf = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the worker’s SQL', () => {
  it('scans every worker file, and finds the D1 calls of src/worker/db/', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('src/worker/db/users.ts');
    const inDb = files.filter((file) => file.startsWith(DB) && D1_CALL.test(sourceOf(file)));
    expect(inDb).toContain('src/worker/db/trials.ts');
  });

  it('is sent only from src/worker/db/: no other worker file calls .prepare( or .batch(', () => {
    expect(files.flatMap((file) => d1CallsOutsideDb(file, sourceOf(file)))).toEqual([]);
  });
});

describe('finding a D1 call outside src/worker/db/', () => {
  const planted = [
    "import type { Env } from '../env';",
    'export async function count(env: Env) {',
    "  const row = await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>();",
    '  const [a] = await env.DB.batch<{ n: number }>([]);',
    '  await env.DB',
    "    .prepare('DELETE FROM sessions')",
    '    .run();',
    '  return [row, a];',
    '}',
  ].join('\n');

  it('names the file and line of each .prepare( and .batch(, chained on a later line or with type arguments', () => {
    expect(d1CallsOutsideDb('src/worker/routes/planted.ts', planted)).toEqual([
      "src/worker/routes/planted.ts:3: const row = await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>();",
      'src/worker/routes/planted.ts:4: const [a] = await env.DB.batch<{ n: number }>([]);',
      "src/worker/routes/planted.ts:6: .prepare('DELETE FROM sessions')",
    ]);
  });

  it('lets src/worker/db/ call D1, and passes comments and calls of other names', () => {
    expect(d1CallsOutsideDb('src/worker/db/planted.ts', planted)).toEqual([]);
    const others = [
      '// Every statement goes through env.DB.prepare( in db/.',
      ' * db.batch([...]) runs them together.',
      'await env.JOBS.sendBatch(messages);',
      'const prepared = prepareMail(mail);',
    ].join('\n');
    expect(d1CallsOutsideDb('src/worker/mail/planted.ts', others)).toEqual([]);
  });
});
