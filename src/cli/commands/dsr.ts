/**
 * `dsr --sharpe SR --observations T --skewness G3 --kurtosis G4 --trials N
 * --trials-sharpe-variance V` -> {psr, dsr, sr0}: the probabilistic Sharpe ratio PSR(0), the
 * deflated Sharpe ratio and the expected maximum Sharpe ratio SR0 of N skill-less trials. All
 * Sharpe inputs are per period (not annualised); G4 is the raw kurtosis (3 for normal returns).
 */
import { parseOptions } from '../parse-options';
import { deflatedSharpeRatio } from '../../engine/index';
import { UsageError } from '../usage';

const OPTIONS = {
  sharpe: { type: 'string' },
  observations: { type: 'string' },
  skewness: { type: 'string' },
  kurtosis: { type: 'string' },
  trials: { type: 'string' },
  'trials-sharpe-variance': { type: 'string' },
} as const;

function numberOption(values: Record<string, string | undefined>, name: keyof typeof OPTIONS): number {
  const text = values[name];
  if (text === undefined)
    throw new UsageError(`dsr needs --${Object.keys(OPTIONS).join(', --')}; --${name} is missing`);
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) throw new UsageError(`--${name} needs a number, got "${text}"`);
  return value;
}

export function dsrCommand(args: string[]) {
  const { values } = parseOptions({ args, options: OPTIONS });
  const observations = numberOption(values, 'observations');
  const trials = numberOption(values, 'trials');
  const trialsSharpeVariance = numberOption(values, 'trials-sharpe-variance');
  if (!Number.isInteger(observations) || observations < 2) {
    throw new UsageError(`--observations needs a whole number of at least 2, got "${values.observations}"`);
  }
  if (!Number.isInteger(trials) || trials < 1) {
    throw new UsageError(`--trials needs a whole number of at least 1, got "${values.trials}"`);
  }
  if (trialsSharpeVariance < 0) {
    throw new UsageError(
      `--trials-sharpe-variance cannot be negative, got "${values['trials-sharpe-variance']}"`,
    );
  }
  const { psr, dsr, sr0 } = deflatedSharpeRatio({
    sharpe: numberOption(values, 'sharpe'),
    observations,
    skewness: numberOption(values, 'skewness'),
    kurtosis: numberOption(values, 'kurtosis'),
    trials,
    trialsSharpeVariance,
  });
  return { psr, dsr, sr0 };
}
