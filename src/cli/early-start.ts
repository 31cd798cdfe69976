/**
 * What the CLI starts before it has loaded: the helper thread's part of a large candle file
 * named by --candles (candle-file.ts). main.ts imports this module first, so it runs before the
 * rest of the CLI's bundle is evaluated (the request schemas, the engine), and the helper
 * thread's own start, about 0.1 s, overlaps that instead of the parse.
 */
import { parseArgs } from 'node:util';
import { startReadingCandleFile } from './candle-file';

// Only --candles is read here, leniently: the command checks its own options later. A value
// that names no file (portfolio's SYMBOL=FILE pairs) starts nothing.
const { values } = parseArgs({
  args: process.argv.slice(3),
  options: { candles: { type: 'string' } },
  strict: false,
  allowPositionals: true,
});
if (typeof values.candles === 'string') startReadingCandleFile(values.candles);
