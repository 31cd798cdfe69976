// Preloaded into a timed CLI process (node --import): prints its peak resident memory and its
// CPU time (user + system, which other work on a shared machine inflates less than wall time) to
// stderr as it exits, so the bench can report them without changing the CLI's own output.
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(`\npeak-rss-kb ${usage.maxRSS}\ncpu-us ${usage.userCPUTime + usage.systemCPUTime}\n`);
});
