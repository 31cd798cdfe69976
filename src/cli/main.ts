/**
 * The engine's command-line runner, the package's bin `backtest-studio <command> ...` (see usage.ts).
 * Prints only JSON on stdout; errors go to stderr with a non-zero exit code.
 */
// First: it starts the helper thread's part of a large candle file while the rest loads.
import './early-start';
import { backtestCommand } from './commands/backtest';
import { dsrCommand } from './commands/dsr';
import { exportCommand } from './commands/export';
import { indicatorCommand } from './commands/indicator';
import { lookaheadCommand } from './commands/lookahead';
import { mlCommand } from './commands/ml';
import { patternsCommand } from './commands/patterns';
import { pboCommand } from './commands/pbo';
import { portfolioCommand } from './commands/portfolio';
import { resampleCommand } from './commands/resample';
import { sweepCommand } from './commands/sweep';
import { walkForwardCommand } from './commands/walk-forward';
import { remoteCommand } from './remote/remote';
import { OutputSink, StreamedOutput } from './output-sink';
import { USAGE, UsageError } from './usage';

const COMMANDS: Record<string, (args: string[]) => unknown> = {
  backtest: backtestCommand,
  dsr: dsrCommand,
  indicator: indicatorCommand,
  patterns: patternsCommand,
  pbo: pboCommand,
  portfolio: portfolioCommand,
  resample: resampleCommand,
  sweep: sweepCommand,
  'walk-forward': walkForwardCommand,
  lookahead: lookaheadCommand,
  ml: mlCommand,
  export: exportCommand,
  remote: remoteCommand,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    const run = command === undefined ? undefined : COMMANDS[command];
    if (!run)
      throw new UsageError(command === undefined ? 'no command given' : `unknown command "${command}"`);
    const result = await run(args);
    const stdout = OutputSink.stdout();
    // JSON.stringify writes NaN and Infinity as null: "no value" in every output.
    if (result instanceof StreamedOutput) await result.writeTo(stdout);
    else stdout.write(`${JSON.stringify(result)}\n`);
    stdout.close();
    return 0;
  } catch (error) {
    const usage =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(`error: ${(error as Error).message}\n${usage ? `\n${USAGE}\n` : ''}`);
    return usage ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
