import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsIn, headingAnchor, problemsIn, readRepoFacts } from './doc-facts';

/**
 * The code explains itself by pointing at the repo's own documents (README.md and docs/). Every
 * such reference must name a file that exists and, after `#`, one of its headings; and nothing
 * may point at documents a newcomer cannot open (issue trackers' numbers, outside design notes).
 */
const root = new URL('../..', import.meta.url).pathname;

/** Every text file of the repo a reader follows: code, tests, configs, migrations, CI and the docs. */
function trackedSources(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((path) => /\.(ts|tsx|mjs|js|css|sql|toml|md)$/.test(path) || path === '.ci/run')
    .filter((path) => existsSync(join(root, path))); // a file deleted but not yet committed is gone
}

const anchorsOf = (markdownPath: string) => anchorsIn(readFileSync(join(root, markdownPath), 'utf8'));

const REFERENCE = /\b((?:docs\/[\w./-]+|README)\.md)(?:#([\w-]+))?/g;
const FORBIDDEN = [
  { pattern: /\b[Ii]ssue #?\d+\b/, why: 'an issue number' },
  { pattern: /\bDESIGN(?:\.md)?\b/, why: 'a design note outside the repo' },
  { pattern: /\b[Ss]pec (?:sections? )?\d/, why: 'a section of a specification outside the repo' },
  { pattern: /shared\/(?:spec|reference)\//, why: 'a file outside the repo' },
];

describe('references from code to documents', () => {
  const files = trackedSources().filter((path) => path !== 'tests/lint/doc-references.test.ts');
  const anchorCache = new Map<string, Set<string>>();

  it('name files and headings that exist', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const path of files) {
      readFileSync(join(root, path), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const [, file, anchor] of line.matchAll(REFERENCE)) {
            checked += 1;
            const where = `${path}:${index + 1}: ${file}${anchor ? `#${anchor}` : ''}`;
            if (!existsSync(join(root, file))) {
              broken.push(`${where} (no such file)`);
              continue;
            }
            if (!anchor) continue;
            if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(file));
            if (!anchorCache.get(file)!.has(anchor)) broken.push(`${where} (no such heading)`);
          }
        });
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it('never point at documents outside the repo', () => {
    const found: string[] = [];
    for (const path of files) {
      readFileSync(join(root, path), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const { pattern, why } of FORBIDDEN) {
            if (pattern.test(line)) found.push(`${path}:${index + 1}: ${why}: ${line.trim()}`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  it('compute anchors the way GitHub does', () => {
    expect(headingAnchor('Plans, limits and constants')).toBe('plans-limits-and-constants');
    expect(headingAnchor('ML runs (jobs)')).toBe('ml-runs-jobs');
    expect(headingAnchor("The client's layers")).toBe('the-clients-layers');
  });
});

describe('what the README and docs/ name', () => {
  const facts = readRepoFacts(root);
  const documents = [...facts.files].filter((path) => path === 'README.md' || /^docs\/.*\.md$/.test(path));
  const read = (path: string) => readFileSync(join(root, path), 'utf8');

  it('exists: paths, npm scripts and their flags, CLI commands, routes and variables', () => {
    expect(documents).toContain('docs/api.md');
    expect(facts.routes.size).toBeGreaterThan(50);
    expect(documents.flatMap((path) => problemsIn(path, read(path), facts))).toEqual([]);
  });

  it('lists every variable the worker reads in docs/configuration.md', () => {
    const page = read('docs/configuration.md');
    const env = read('src/worker/env.ts');
    const declared = [
      ...(/export interface Env\b[^{]*\{([\s\S]*?)\n\}/.exec(env)?.[1] ?? '').matchAll(
        /^\s+([A-Z][A-Z0-9_]*)\??:/gm,
      ),
    ];
    expect(declared.length).toBeGreaterThan(20);
    expect(declared.map(([, name]) => name).filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
  });

  it('fails on what the repo does not have', () => {
    const made = [
      'See `src/worker/no-such-file.ts`, [a page](no-such-page.md) and [a heading](api.md#no-such-heading).',
      'The queue lives in `jobs/no-such-queue.ts`.',
      'Run `npm run no-such-script`, `npm run bench -- --no-such-flag` or `npm run -s engine -- no-such-command`.',
      'Call `GET /api/no-such-route`, `DELETE /api/health` or `GET`, `PATCH /api/usage`; read `/api/no-such-path`.',
      'Set `NO_SUCH_VARIABLE` with `npx wrangler secret put NO_SUCH_SECRET`.',
      '## Configuration',
      '`CHROMIUM_PATH` is read by the tests, not by the worker.',
    ].join('\n');
    expect(problemsIn('docs/made-up.md', made, facts)).toEqual([
      'docs/made-up.md:1: path src/worker/no-such-file.ts (no such file or folder)',
      'docs/made-up.md:2: file jobs/no-such-queue.ts (no file of the repo ends so)',
      'docs/made-up.md:1: link no-such-page.md (no such file or folder)',
      'docs/made-up.md:1: link api.md#no-such-heading (no such heading)',
      'docs/made-up.md:3: npm script no-such-script (not in package.json)',
      'docs/made-up.md:3: flag --no-such-flag of npm run bench (no script reads it)',
      'docs/made-up.md:3: CLI command no-such-command (not in COMMANDS of src/cli/main.ts)',
      'docs/made-up.md:4: route GET /api/no-such-route (not a route of the app)',
      'docs/made-up.md:4: route DELETE /api/health (not a route of the app)',
      'docs/made-up.md:4: route PATCH /api/usage (not a route of the app)',
      'docs/made-up.md:4: path /api/no-such-path (no route of the app has it)',
      'docs/made-up.md:5: name NO_SUCH_VARIABLE (not a variable of the worker, nor a name the code uses)',
      'docs/made-up.md:5: variable NO_SUCH_SECRET (not in src/worker/env.ts, wrangler.toml or .dev.vars.example)',
      'docs/made-up.md:7: variable CHROMIUM_PATH (not in src/worker/env.ts, wrangler.toml or .dev.vars.example)',
    ]);
  });

  it('passes what the repo has, placeholders and examples included', () => {
    const real = [
      'See `src/worker/openapi/api-route.ts`, `jobs/queue.ts`, `routes/`, [the API](api.md#routes) and `.dev.vars.example`.',
      '`npm run -s engine -- backtest --request R.json --candles C.csv`; `npm run bench -- --ml-only`; `npm test`.',
      '`GET`, `POST /api/portfolios`, `GET /api/jobs/9b2e…`, `HEAD /api/health`, `/api/auth`, `tests/<project>/vitest.config.ts`.',
      '`MARKET_DATA_URL`, `MAX_TOKENS_PER_USER`, `--id RUN_ID`, `dist/client`.',
    ].join('\n');
    expect(problemsIn('docs/made-up.md', real, facts)).toEqual([]);
  });
});
