/**
 * Every field of the builder is named by its dotted request path (the paths zod and the API
 * report errors at). From the path come the input's id and its label, so a field, its error and
 * the error summary always agree.
 */

export interface FieldLabel {
  /** Said by assistive technology but not shown: the row the field belongs to. */
  prefix: string;
  /** Shown next to the field. */
  text: string;
}

/** A stable, valid HTML id for a path ("entry.parameters.0.logic" -> "bt-entry-parameters-0-logic"). */
export function fieldId(path: string): string {
  return `bt-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
}

/** The labels of the request's top-level fields (and the builder's commission preset). */
export const TOP_LEVEL_LABELS: Record<string, string> = {
  exchange: 'Exchange',
  stock: 'Stock',
  fromDate: 'From date',
  toDate: 'To date',
  timeframe: 'Timeframe',
  transactionType: 'Transaction type',
  entry: 'Entry conditions',
  exit: 'Exit conditions',
  exitCriteria: 'Exit criteria',
  initialCapital: 'Initial capital',
  commission: 'Commission (% per side)',
  slippage: 'Slippage (points per fill)',
  mode: 'Backtest mode',
  sizing: 'Position sizing',
  sizingValue: 'Size per trade',
  priceAdjustment: 'Price adjustment',
  intrabar: 'Intrabar precision',
  commissionPreset: 'Commission preset',
};

const GROUP_COUNT: Record<string, string> = {
  parameters: 'crossover conditions',
  valueBased: 'value-based conditions',
  candleStick: 'candlestick patterns',
};

const ROW_NAME: Record<string, string> = {
  parameters: 'crossover',
  valueBased: 'value',
  candleStick: 'candlestick',
};

const ROW_FIELD: Record<string, string> = {
  indicator1: 'indicator 1',
  indicator2: 'indicator 2',
  indicator: 'indicator',
  logic: 'logic',
  number: 'number',
  pattern1: 'pattern',
};

/** The labels of the exit criteria. */
export const CRITERION_LABELS: Record<string, string> = {
  targetProfit: 'Target profit',
  stopLoss: 'Stop loss',
  trailingStopLoss: 'Trailing stop loss',
  timing: 'Exit timing',
};

const SIDE: Record<string, string> = { entry: 'Entry', exit: 'Exit' };

/** The ML block's fields (mode "ml"), by their path inside the block. */
const ML_FIELD: Record<string, string> = {
  model: 'Model',
  'features.add': 'Added indicators',
  'features.drop': 'Features used',
  'label.targetAtrMultiple': 'Target (ATR multiple)',
  'label.stopAtrMultiple': 'Stop (ATR multiple)',
  'label.atrPeriod': 'ATR period (bars)',
  'label.horizonBars': 'Horizon (bars)',
  'walkForward.trainBars': 'Training window (bars)',
  'walkForward.testBars': 'Test window (bars)',
  'walkForward.window': 'Window',
  threshold: 'Probability threshold',
  seed: 'Seed',
};

/** An ML path's label: "ML added indicator 2: indicator", "Training window (bars)", ... */
function mlFieldLabel(parts: readonly string[]): FieldLabel | null {
  const [, group, list, index, field, setting] = parts;
  const whole = ML_FIELD[parts.slice(1).join('.')];
  if (whole) return { prefix: '', text: whole };
  if (group === 'features' && list === 'add' && Number.isInteger(Number(index))) {
    const row = `ML added indicator ${Number(index) + 1}: `;
    if (field === 'indicator' && setting === undefined) return { prefix: row, text: 'indicator' };
    if (field === 'additionalFields' && setting !== undefined)
      return { prefix: row, text: parts.slice(5).join('.') };
  }
  if (group === 'features' && list === 'drop') return { prefix: '', text: ML_FIELD['features.drop']! };
  return null;
}

/** The row a path inside a condition list belongs to, e.g. "Entry crossover 2". */
export function rowName(side: string, group: string, index: number): string {
  return `${SIDE[side] ?? side} ${ROW_NAME[group] ?? group} ${index + 1}`;
}

/** The label of the field at a path; unknown paths are named by the path itself. */
export function fieldLabel(path: string): FieldLabel {
  const parts = path.split('.');
  const [head = '', second, third, fourth, fifth] = parts;

  if (parts.length === 1) return { prefix: '', text: TOP_LEVEL_LABELS[head] ?? path };

  if ((head === 'entry' || head === 'exit') && second) {
    const side = SIDE[head]!;
    if (second === 'combine') return { prefix: '', text: `Combine ${head} conditions` };
    if (parts.length === 2 && GROUP_COUNT[second]) return { prefix: `${side} `, text: GROUP_COUNT[second] };
    const index = Number(third);
    if (GROUP_COUNT[second] && Number.isInteger(index)) {
      const row = rowName(head, second, index);
      if (fourth === undefined) return { prefix: '', text: row };
      if (fourth === 'additionalFields1' || fourth === 'additionalFields2') {
        const which = fourth === 'additionalFields1' ? 'indicator 1' : 'indicator 2';
        return fifth === undefined
          ? { prefix: `${row}: `, text: `${which} settings` }
          : { prefix: `${row}: ${which} `, text: parts.slice(4).join('.') };
      }
      if (fourth === 'additionalFields') {
        return fifth === undefined
          ? { prefix: `${row}: `, text: 'indicator settings' }
          : { prefix: `${row}: `, text: parts.slice(4).join('.') };
      }
      if (ROW_FIELD[fourth] && fifth === undefined) return { prefix: `${row}: `, text: ROW_FIELD[fourth] };
    }
  }

  if (head === 'ml') {
    const label = mlFieldLabel(parts);
    if (label) return label;
  }

  if (head === 'exitCriteria' && second && CRITERION_LABELS[second]) {
    if (third === undefined) return { prefix: '', text: CRITERION_LABELS[second] };
    if (parts.length === 3) return { prefix: `${CRITERION_LABELS[second]} `, text: third };
  }

  return { prefix: '', text: path };
}

/** The whole label, as assistive technology says it and the error summary shows it. */
export function fullLabel(path: string): string {
  const { prefix, text } = fieldLabel(path);
  return prefix + text;
}

/**
 * One line of the error summary, as a sentence: "Entry value 1: enter a number". When the
 * message already names what the field wants, the row's name is enough.
 */
export function summaryLine(path: string, message: string): string {
  const { prefix, text } = fieldLabel(path);
  // "Enter a number" -> "enter a number"; an acronym at the start ("RSI ...") keeps its case.
  const sentence = /^[A-Z][a-z]/.test(message) ? message[0]!.toLowerCase() + message.slice(1) : message;
  const named = prefix !== '' && sentence.toLowerCase().includes(text.toLowerCase());
  return named ? `${prefix.replace(/[:\s]+$/, '')}: ${sentence}` : `${prefix}${text}: ${sentence}`;
}
