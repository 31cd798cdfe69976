// How the engine's CLI starts node, given by each launcher: the bin's shebang
// (scripts/engine.mjs), the CLI's own run on the project's Node, the bench and the CLI tests
// (`npm run engine` takes the flags only: an npm script stays one that Windows' shell runs).
// Both must come at the process's start, so the CLI cannot set them itself.
// tests/cli/cli-plumbing.test.ts keeps the shebang and the npm script equal to them.

// V8's heap is sized as the process starts. A young generation of 32 MB a half from the start:
// a large run's main thread otherwise collects it a dozen times while the small one grows (40-65
// ms of pauses on 1M bars, 4-9 ms with it); the SMA cross on 1M bars took 57 ± 30 ms less over
// 30 alternating pairs, for about 32 MB more at the peak.
export const ENGINE_NODE_FLAGS = ['--min-semi-space-size=32'];

// glibc reads its tunables as the process starts. With this one its malloc, which holds V8's
// ArrayBuffers (a million bars' columns, the file's bytes), asks the kernel for transparent huge
// pages for its large blocks (madvise, which Linux honours in its usual THP modes, always and
// madvise): they are then touched and freed 2 MB at a time instead of 4 kB (96,000 page faults down to 57,000 on
// the SMA cross on 1M bars, 36 ± 16 and 44 ± 18 ms less over two runs of 100 alternating pairs).
// Other C libraries and kernels without THP ignore it.
export const ENGINE_GLIBC_TUNABLES = 'glibc.malloc.hugetlb=1';

/** `env` for a CLI process: ENGINE_GLIBC_TUNABLES added to the tunables it sets already, if any. */
export function engineNodeEnv(env = process.env) {
  const tunables = env.GLIBC_TUNABLES ? env.GLIBC_TUNABLES.split(':') : [];
  if (tunables.includes(ENGINE_GLIBC_TUNABLES)) return env;
  return { ...env, GLIBC_TUNABLES: [...tunables, ENGINE_GLIBC_TUNABLES].join(':') };
}
