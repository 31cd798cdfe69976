/**
 * `dsr --sharpe SR --observations T --skewness G3 --kurtosis G4 --trials N` and the trials'
 * Sharpe ratio variance in one of two units, `--trials-sharpe-variance-per-period V` or
 * `--trials-sharpe-variance-annualised V --periods-per-year P` -> {psr, dsr, sr0}: the
 * probabilistic Sharpe ratio PSR(0), the deflated Sharpe ratio and the expected maximum Sharpe
 * ratio SR0 of N skill-less trials. SR is per period (not annualised); G4 is the raw kurtosis
 * (3 for normal returns). An annualised variance is brought to SR's period by dividing it by
 * P, as an annualised ratio is the per-period one times sqrt(P).
 */
import { parseOptions } from '../parse-options';
import { deflatedSharpeRatio, perPeriodSharpeVariance } from '../../engine/cli';
import { UsageError } from '../usage';

const OPTIONS = {
  sharpe: { type: 'string' },
  observations: { type: 'string' },
  skewness: { type: 'string' },
  kurtosis: { type: 'string' },
  trials: { type: 'string' },
  'trials-sharpe-variance-per-period': { type: 'string' },
  'trials-sharpe-variance-annualised': { type: 'string' },
  'periods-per-year': { type: 'string' },
  /** Taken only to say what replaced it: its unit was easy to mistake. */
  'trials-sharpe-variance': { type: 'string' },
} as const;

const REQUIRED = ['sharpe', 'observations', 'skewness', 'kurtosis', 'trials'] as const;
const PER_PERIOD = 'trials-sharpe-variance-per-period';
const ANNUALISED = 'trials-sharpe-variance-annualised';

type Values = Record<string, string | undefined>;

function numberOption(values: Values, name: keyof typeof OPTIONS): number {
  const text = values[name];
  if (text === undefined) throw new UsageError(`dsr needs --${REQUIRED.join(', --')}; --${name} is missing`);
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) throw new UsageError(`--${name} needs a number, got "${text}"`);
  return value;
}

/** The trials' Sharpe ratio variance per period of --sharpe, from whichever unit was given. */
function trialsSharpeVariance(values: Values): number {
  if (values['trials-sharpe-variance'] !== undefined) {
    throw new UsageError(
      `--trials-sharpe-variance is gone: say the variance's unit with --${PER_PERIOD} V (the ` +
        `period of --sharpe) or --${ANNUALISED} V --periods-per-year P`,
    );
  }
  const perPeriod = values[PER_PERIOD] !== undefined;
  const annualised = values[ANNUALISED] !== undefined;
  if (perPeriod === annualised) {
    throw new UsageError(
      `dsr needs the trials' Sharpe ratio variance once: --${PER_PERIOD} V or --${ANNUALISED} V ` +
        '--periods-per-year P',
    );
  }
  const name = perPeriod ? PER_PERIOD : ANNUALISED;
  const variance = numberOption(values, name);
  if (variance < 0) throw new UsageError(`--${name} cannot be negative, got "${values[name]}"`);
  if (perPeriod) {
    if (values['periods-per-year'] !== undefined) {
      throw new UsageError(`--periods-per-year goes with --${ANNUALISED} only`);
    }
    return variance;
  }
  if (values['periods-per-year'] === undefined) {
    throw new UsageError(`--${ANNUALISED} needs --periods-per-year P, the periods of --sharpe in a year`);
  }
  const periodsPerYear = numberOption(values, 'periods-per-year');
  if (!(periodsPerYear > 0)) {
    throw new UsageError(`--periods-per-year needs a number above 0, got "${values['periods-per-year']}"`);
  }
  return perPeriodSharpeVariance(variance, periodsPerYear)!;
}

export function dsrCommand(args: string[]) {
  const { values } = parseOptions({ args, options: OPTIONS });
  const observations = numberOption(values, 'observations');
  const trials = numberOption(values, 'trials');
  if (!Number.isInteger(observations) || observations < 2) {
    throw new UsageError(`--observations needs a whole number of at least 2, got "${values.observations}"`);
  }
  if (!Number.isInteger(trials) || trials < 1) {
    throw new UsageError(`--trials needs a whole number of at least 1, got "${values.trials}"`);
  }
  const { psr, dsr, sr0 } = deflatedSharpeRatio({
    sharpe: numberOption(values, 'sharpe'),
    observations,
    skewness: numberOption(values, 'skewness'),
    kurtosis: numberOption(values, 'kurtosis'),
    trials,
    trialsSharpeVariance: trialsSharpeVariance(values),
  });
  return { psr, dsr, sr0 };
}
