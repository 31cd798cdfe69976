// Preloaded into a timed CLI process (node --import): prints its peak resident memory to
// stderr as it exits, so the bench can report it without changing the CLI's own output.
process.on('exit', () => {
  process.stderr.write(`\npeak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
