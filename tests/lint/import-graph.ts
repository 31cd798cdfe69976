/**
 * The import graph of src/, read from the import and export-from lines of each TypeScript file
 * (type-only imports too: they tie the modules' meaning together as much as values do), and the
 * cycles in it.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** File (relative to the root) -> the files it imports (relative to the root). */
export type ImportGraph = Map<string, string[]>;

const SPECIFIER =
  /(?:^|\s|;)(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|\s|;)import\s*['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** The relative imports between the TypeScript files under `root`. */
export function readImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, (match[1] ?? match[2])!);
      // Files outside the root (a config, a build plugin) are no part of its graph.
      if (target && !relative(root, target).startsWith('..')) targets.add(relative(root, target));
    }
    graph.set(relative(root, file), [...targets].sort());
  }
  return graph;
}

/** The graph with each file replaced by `groupOf(file)`, arrows inside a group dropped. */
export function groupGraph(graph: ImportGraph, groupOf: (file: string) => string | null): ImportGraph {
  const grouped: ImportGraph = new Map();
  for (const [file, targets] of graph) {
    const from = groupOf(file);
    if (from === null) continue;
    const arrows = new Set(grouped.get(from));
    for (const target of targets) {
      const to = groupOf(target);
      if (to !== null && to !== from) arrows.add(to);
    }
    grouped.set(from, [...arrows].sort());
  }
  return grouped;
}

/**
 * One cycle per strongly connected component of more than one node (Tarjan), each as its path
 * from its smallest node back to it: ['a', 'b', 'a'].
 */
export function findCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  function connect(node: string): void {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component);
  }

  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components.map((component) => cyclePath(graph, new Set(component)));
}

/** A shortest way from the component's smallest node back to itself, inside the component. */
function cyclePath(graph: ImportGraph, members: Set<string>): string[] {
  const start = [...members].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
