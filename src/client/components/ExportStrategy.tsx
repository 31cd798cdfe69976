import type { BacktestRequest } from '../../shared/backtest-request';
import { type ExportFormat, exportFileName } from '../../shared/strategy-export';
import { downloadText } from '../lib/download';
import { Button } from './Button';
import styles from './ExportStrategy.module.css';

const FORMATS: readonly { format: ExportFormat; label: string; type: string }[] = [
  { format: 'pine', label: 'Export Pine Script', type: 'text/plain;charset=utf-8' },
  { format: 'python', label: 'Export Python', type: 'text/x-python;charset=utf-8' },
];

/** Builds the file: the exporter loads on the first click, not with the page. */
async function download(request: BacktestRequest, format: ExportFormat, type: string) {
  const { exportStrategy } = await import('../../engine/browser');
  downloadText(exportFileName(request.stock, format), exportStrategy(request, format), type);
}

/**
 * "Export": the strategy as a Pine Script v6 strategy() for TradingView or a backtesting.py
 * Strategy using TA-Lib, built in the page from the request (the same code as the API's
 * GET /api/backtests/:id/export). What has no equivalent is a comment in the file.
 */
export function ExportStrategy({ request }: { request: BacktestRequest }) {
  return (
    <span className={styles.group} role="group" aria-label="Export the strategy as code">
      {FORMATS.map(({ format, label, type }) => (
        <Button key={format} variant="secondary" onClick={() => void download(request, format, type)}>
          {label}
        </Button>
      ))}
    </span>
  );
}
