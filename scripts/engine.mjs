#!/usr/bin/env -S GLIBC_TUNABLES=glibc.malloc.hugetlb=1 node --min-semi-space-size=32
// The engine's CLI (src/cli/main.ts), the package's bin `backtest-studio`: `npx backtest-studio`,
// `npm run engine --`, or straight from node, `node --min-semi-space-size=32 scripts/engine.mjs`
// (no npm start-up, about 0.2 s less a process; the settings node starts with, and why:
// scripts/engine-node-flags.mjs). Bundled by esbuild into one ES module
// and run in this process (with its helper thread's module, src/cli/helper-thread.ts, bundled
// apart beside it). Bundling takes 0.1 s on an idle machine and over a second on a busy
// one, where compiling each TypeScript file on load (tsx) takes 0.35 s and leaves calls across
// modules slower. So the bundle is kept under node_modules/.cache and built again only when
// one of its input files (or this script) changed since its last build started; it is replaced
// atomically, so CLI processes running at once never read a half-written file. node_modules may
// be shared by several checkouts of the repo, so each checkout keeps its own bundle there.
import * as nodeModule from 'node:module';
import { closeSync, mkdirSync, openSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { engineBundlePaths } from './engine-bundle-path.mjs';
import { ENGINE_NODE_FLAGS, engineNodeEnv } from './engine-node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// Started by an older Node on the PATH (a machine's Node 20, too old for the CLI's bundle): run
// again on the project's own Node 24 (the devDependency "node").
if (Number(process.versions.node.split('.')[0]) < 22) {
  const projectNode = join(root, 'node_modules', 'node', 'bin', 'node');
  const { spawnSync } = await import('node:child_process');
  const again = spawnSync(
    projectNode,
    [...ENGINE_NODE_FLAGS, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit', env: engineNodeEnv() },
  );
  if (again.error) {
    console.error(
      `The CLI needs Node 22 or newer; run npm ci to get the project's Node 24 (${again.error.message}).`,
    );
  }
  process.exit(again.status ?? 1);
}
/** The CLI's bundle, and the helper thread's beside it (src/cli/helper-thread.ts finds it there). */
const { bundle, helperBundle } = engineBundlePaths(root);
const cacheDir = dirname(bundle);
/** The bundle's first line: `// inputs <JSON {startedAt, inputs}>`, the absolute paths it was built from. */
const INPUTS_LINE = '// inputs ';
/**
 * File times come from a coarse kernel clock that may lag Date.now() by a few milliseconds: an
 * input changed this close before a build started counts as changed after it (one more build).
 */
const CLOCK_SLACK_MS = 1000;

/** The first line of the file at `path`, read alone (the bundle is over a megabyte). */
function readFirstLine(path) {
  const fd = openSync(path, 'r');
  try {
    const chunks = [];
    const chunk = Buffer.allocUnsafe(1 << 16);
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      const end = chunk.subarray(0, read).indexOf(10);
      chunks.push(Buffer.from(chunk.subarray(0, end < 0 ? read : end)));
      if (end >= 0 || read === 0) return Buffer.concat(chunks).toString('utf8');
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * True when every input of the kept bundle is older than the start of its build: change times,
 * which a write, a rename or a package install sets to now (npm keeps old modification times).
 */
function bundleIsCurrent() {
  let firstLine;
  try {
    firstLine = readFirstLine(bundle);
  } catch {
    return false;
  }
  if (!firstLine.startsWith(INPUTS_LINE)) return false;
  const { startedAt, inputs } = JSON.parse(firstLine.slice(INPUTS_LINE.length));
  try {
    statSync(helperBundle);
    return inputs.every((path) => statSync(path).ctimeMs + CLOCK_SLACK_MS < startedAt);
  } catch {
    return false;
  }
}

async function buildBundle() {
  const { build } = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const startedAt = Date.now();
  const built = await Promise.all(
    ['src/cli/main.ts', 'src/cli/helper-thread.ts'].map((entry) =>
      build({
        entryPoints: [join(root, entry)],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node22',
        absWorkingDir: root,
        metafile: true,
        write: false,
        logLevel: 'error',
      }),
    ),
  );
  const inputs = [
    ...new Set(
      built.flatMap((result) => Object.keys(result.metafile.inputs).map((path) => resolve(root, path))),
    ),
    fileURLToPath(import.meta.url),
  ];
  // The helper's first: a CLI process that finds the new main bundle finds its helper too.
  const outputs = [
    [helperBundle, built[1].outputFiles[0].text],
    [bundle, `${INPUTS_LINE}${JSON.stringify({ startedAt, inputs })}\n${built[0].outputFiles[0].text}`],
  ];
  for (const [path, text] of outputs) {
    const partial = `${path}.${process.pid}.tmp`;
    writeFileSync(partial, text);
    renameSync(partial, path);
  }
}

if (!bundleIsCurrent()) await buildBundle();
// V8's compiled code of the bundles kept on disk too (checked against their text): a CLI process
// then starts about 30 ms sooner.
nodeModule.enableCompileCache(join(cacheDir, 'compile'));
await import(pathToFileURL(bundle).href);
