import { describe, expect, it } from 'vitest';
import { type ImportGraph, findCycles, groupGraph, readImportGraph } from './import-graph';

const SRC = new URL('../../src', import.meta.url).pathname;
const graph = readImportGraph(SRC);

/** The top-level rooms of src/ and the rooms each may import (docs/architecture.md). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  shared: [],
  engine: ['shared'],
  worker: ['engine', 'shared'],
  client: ['engine', 'shared'],
  cli: ['engine', 'shared'],
};

/** A worker file's room: its folder under src/worker, or the file itself at the top. */
const workerRoom = (file: string) => (file.startsWith('worker/') ? file.split('/')[1]! : null);

const arrows = (grouped: ImportGraph) =>
  [...grouped].flatMap(([from, targets]) => targets.map((to) => `${from} -> ${to}`));

describe('the import graph of src/', () => {
  it('reads the imports of every source file', () => {
    expect(graph.size).toBeGreaterThan(400);
    expect(graph.get('worker/index.ts')).toContain('worker/app.ts');
    // Type-only imports count: a cycle of types ties modules together as much as values do.
    expect(graph.get('worker/db/sessions.ts')).toContain('worker/encoding.ts');
  });

  it('has no cycle between files', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('has no cycle between the rooms of the worker', () => {
    expect(findCycles(groupGraph(graph, workerRoom)).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('has no arrow between the top-level rooms but those each may import', () => {
    const top = groupGraph(graph, (file) => file.split('/')[0]!);
    const allowed = Object.entries(MAY_IMPORT).flatMap(([from, targets]) =>
      targets.map((to) => `${from} -> ${to}`),
    );
    expect(arrows(top).filter((arrow) => !allowed.includes(arrow))).toEqual([]);
  });
});

describe('finding cycles', () => {
  const tiny: ImportGraph = new Map([
    ['env.ts', ['jobs/queue.ts']],
    ['jobs/queue.ts', ['backtests/run.ts']],
    ['backtests/run.ts', ['market-data/candles.ts']],
    ['market-data/candles.ts', ['env.ts']],
    ['routes/market.ts', ['market-data/candles.ts', 'errors.ts']],
    ['errors.ts', []],
  ]);

  it('names each cycle by its path, from its first file back to it', () => {
    expect(findCycles(tiny)).toEqual([
      ['backtests/run.ts', 'market-data/candles.ts', 'env.ts', 'jobs/queue.ts', 'backtests/run.ts'],
    ]);
  });

  it('finds a file that imports itself, and a cycle between rooms made of files that do not cycle', () => {
    expect(findCycles(new Map([['a.ts', ['a.ts']]]))).toEqual([['a.ts', 'a.ts']]);
    const rooms = new Map([
      ['auth/middleware.ts', ['billing/plan.ts']],
      ['billing/provider.ts', ['auth/encoding.ts']],
      ['billing/plan.ts', []],
      ['auth/encoding.ts', []],
    ]);
    expect(findCycles(rooms)).toEqual([]);
    expect(findCycles(groupGraph(rooms, (file) => file.split('/')[0]!))).toEqual([
      ['auth', 'billing', 'auth'],
    ]);
  });

  it('finds none in a graph without one', () => {
    expect(findCycles(new Map([...tiny, ['market-data/candles.ts', []]]))).toEqual([]);
  });
});
