import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
    .filter((path) => /\.(ts|tsx|mjs|js|css|sql|toml|md)$/.test(path) || path === '.ci/run');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdownPath: string): Set<string> {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of readFileSync(join(root, markdownPath), 'utf8').split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(headingAnchor(heading[1]));
  }
  return anchors;
}

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
