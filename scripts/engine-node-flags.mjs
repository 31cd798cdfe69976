// The V8 settings the engine's CLI runs with, given to node by each launcher: the bin's shebang
// (scripts/engine.mjs), `npm run engine`, the CLI's own run on the project's Node, and the
// bench. They must come at the process's start (V8 sizes its heap then), so the CLI cannot set
// them itself. A young generation of 32 MB a half from the start: a large run's main thread
// otherwise collects it a dozen times while the small one grows (40-65 ms of pauses on 1M
// bars, 4-9 ms with it); the SMA cross on 1M bars took 57 ± 30 ms less over 30 alternating
// pairs, for about 32 MB more at the peak. tests/cli/cli-plumbing.test.ts keeps the shebang and
// the npm script equal to this list.
export const ENGINE_NODE_FLAGS = ['--min-semi-space-size=32'];
