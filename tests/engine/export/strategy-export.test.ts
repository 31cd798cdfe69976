/**
 * Strategy export against golden files, one request per row kind (crossover, value,
 * candlestick, and lines TA-Lib or Pine lack). `UPDATE_GOLDEN=1` rewrites the files after a
 * deliberate change; review the diff. Every Python file must compile with python3.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportStrategy } from '../../../src/engine/index';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';

const HERE = new URL('.', import.meta.url).pathname;
const CASES = readdirSync(join(HERE, 'requests')).map((file) => file.replace(/\.json$/, ''));
const scratch = mkdtempSync(join(tmpdir(), 'strategy-export-'));

function exported(name: string, format: 'pine' | 'python'): string {
  const request = backtestRequestSchema.parse(
    JSON.parse(readFileSync(join(HERE, 'requests', `${name}.json`), 'utf8')),
  );
  return exportStrategy(request, format);
}

function golden(name: string, extension: string, text: string): string {
  const path = join(HERE, 'golden', `${name}.${extension}`);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, text);
  return readFileSync(path, 'utf8');
}

describe.each(CASES)('the %s request', (name) => {
  it('exports the Pine Script of its golden file', () => {
    const pine = exported(name, 'pine');
    expect(pine).toBe(golden(name, 'pine', pine));
    expect(pine.startsWith('//@version=6\n')).toBe(true);
  });

  it('exports the Python of its golden file, which python3 compiles', () => {
    const python = exported(name, 'python');
    expect(python).toBe(golden(name, 'py', python));
    const file = join(scratch, `${name}.py`);
    writeFileSync(file, python);
    execFileSync('python3', ['-m', 'py_compile', file]);
  });
});

describe('rows and settings without an equivalent', () => {
  it('are comments naming what differs', () => {
    expect(exported('candlestick', 'pine')).toContain(
      "// Left out: entry row 1, candlestick Hammer (bullish): Pine has no built-in candlestick patterns (TA-Lib's CDLHAMMER). The entry signals differ.",
    );
    const python = exported('ichimoku-pivots-pro', 'python');
    expect(python).toContain('# Left out: entry row 5, Close Price Greater Than Supertrend(');
    expect(python).toContain('TA-Lib has no function for Supertrend');
    expect(exported('crossover', 'pine')).toContain(
      'Pine counts whole ticks: set slippage to 0.02 / syminfo.mintick',
    );
  });

  it('keep the settings: TA-Lib names, MA types by code, the chikou span compared T2 bars back', () => {
    const python = exported('ichimoku-pivots-pro', 'python');
    expect(python).toContain(
      "self.I(ta_line, self.data, 'KAMA', 'real', timeperiod=12, name=\"Kaufman Adaptive MA(Timeframe=12)\")",
    );
    expect(python).toContain("'BBANDS', 'upperband', timeperiod=5, nbdevup=2.5, nbdevdn=2, matype=1");
    expect(exported('ichimoku-pivots-pro', 'pine')).toContain(
      'entry1 = close > (((math.avg(ta.highest(high, 9), ta.lowest(low, 9))',
    );
  });
});
