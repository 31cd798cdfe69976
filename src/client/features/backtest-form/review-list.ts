/**
 * Review mode's nested list (docs/product.md#screens-and-routes): the chosen values, with empty ones dropped.
 * Empty means: blank text, null, an empty list or map (after its own empties are dropped), an
 * exit criterion of type "none", an exit time that is not set, and a side with no conditions
 * (its "combine" choice alone says nothing).
 */
import { CRITERION_LABELS, TOP_LEVEL_LABELS } from './field-labels';
import { VALUE_LABELS } from './option-labels';

export interface ReviewItem {
  /** Dotted request path, unique in the list. */
  path: string;
  label: string;
  /** A leaf's value as shown; absent on branches. */
  value?: string;
  children?: ReviewItem[];
}

/** Shows a leaf differently, e.g. an exchange code with its name. */
export type DescribeValue = (path: string, text: string) => string;

const KEY_LABELS: Record<string, string> = {
  ...TOP_LEVEL_LABELS,
  ...CRITERION_LABELS,
  parameters: 'Crossover conditions',
  valueBased: 'Value-based conditions',
  candleStick: 'Candlestick patterns',
  combine: 'Combine',
  type: 'Type',
  value: 'Value',
  time: 'Time',
  timezone: 'Timezone',
  indicator1: 'Indicator 1',
  indicator2: 'Indicator 2',
  indicator: 'Indicator',
  logic: 'Logic',
  number: 'Number',
  pattern1: 'Pattern',
  additionalFields1: 'Indicator 1 settings',
  additionalFields2: 'Indicator 2 settings',
  additionalFields: 'Indicator settings',
  ml: 'Machine learning',
  model: 'Model',
  features: 'Features',
  add: 'Added indicators',
  drop: 'Features left out',
  label: 'Label',
  targetAtrMultiple: 'Target (ATR multiple)',
  stopAtrMultiple: 'Stop (ATR multiple)',
  atrPeriod: 'ATR period (bars)',
  horizonBars: 'Horizon (bars)',
  walkForward: 'Walk-forward',
  trainBars: 'Training window (bars)',
  testBars: 'Test window (bars)',
  window: 'Window',
  threshold: 'Probability threshold',
  seed: 'Seed',
};

/** How the entries of a list are named, by the list's key. */
const ITEM_LABELS: Record<string, string> = {
  parameters: 'Crossover',
  valueBased: 'Value-based',
  candleStick: 'Candlestick',
  add: 'Indicator',
  drop: 'Feature',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An exit criterion left at "none", or an exit timing without a time: nothing was chosen. */
function isUnsetCriterion(key: string, value: Record<string, unknown>): boolean {
  if (key === 'timing') return typeof value.time !== 'string' || value.time.trim() === '';
  return (
    'type' in value && value.type === '' && Object.keys(value).every((k) => k === 'type' || k === 'value')
  );
}

function reviewItem(key: string, label: string, value: unknown, path: string, describe?: DescribeValue) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const text = String(value).trim();
    if (text === '') return null;
    const shown = VALUE_LABELS[key]?.[text] ?? text;
    return { path, label, value: describe ? describe(path, shown) : shown } satisfies ReviewItem;
  }
  let children: ReviewItem[];
  if (Array.isArray(value)) {
    const itemLabel = ITEM_LABELS[key] ?? 'Item';
    children = value.flatMap((item, index) => {
      const child = reviewItem(
        String(index),
        `${itemLabel} ${index + 1}`,
        item,
        `${path}.${index}`,
        describe,
      );
      return child ? [child] : [];
    });
  } else if (isRecord(value)) {
    if (isUnsetCriterion(key, value)) return null;
    children = entriesOf(value, path, describe);
    // How a side's conditions combine says nothing when the side has none.
    if (children.every((child) => child.label === KEY_LABELS.combine)) children = [];
  } else {
    return null;
  }
  return children.length === 0 ? null : ({ path, label, children } satisfies ReviewItem);
}

function entriesOf(
  record: Record<string, unknown>,
  parentPath: string,
  describe?: DescribeValue,
): ReviewItem[] {
  return Object.entries(record).flatMap(([key, value]) => {
    const path = parentPath ? `${parentPath}.${key}` : key;
    const item = reviewItem(key, KEY_LABELS[key] ?? key, value, path, describe);
    return item ? [item] : [];
  });
}

/** The request as a nested list for review, empties dropped (a pure function of the request). */
export function buildReviewList(request: object, describe?: DescribeValue): ReviewItem[] {
  return isRecord(request) ? entriesOf(request, '', describe) : [];
}
