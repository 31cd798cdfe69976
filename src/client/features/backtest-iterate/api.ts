/** Running an edited copy of a stored run. */
import type { BacktestRequestInput } from '../../../shared/backtest-request';
import { backtestCreatedAnswerSchema } from '../../../shared/api/backtests';
import { apiFetch } from '../../lib/api-client';

/** POST /api/backtests: runs and stores the request (one of the month's runs). */
export function runBacktest(request: BacktestRequestInput) {
  return apiFetch('/api/backtests', backtestCreatedAnswerSchema, { method: 'POST', json: request });
}
