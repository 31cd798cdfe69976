/**
 * What the builder's indicator comboboxes offer on each kind of row, grouped: the spec's list
 * first, in the spec's order, then the pro catalogue entries in TA-Lib's groups. The same sets as
 * the request schema accepts (backtest-request.ts: the side's spec list plus every pro entry).
 */
import {
  type CatalogueEntry,
  INDICATOR_CATALOGUE,
  INDICATOR_GROUPS,
  catalogueEntry,
} from '../../../shared/indicator-catalogue';
import { CROSSOVER_INDICATOR_LABELS, VALUE_INDICATOR_LABELS } from '../../../shared/indicators';

/** The first group: the spec's builder set for this kind of row. */
export const STANDARD_GROUP = 'Builder standard';

export type IndicatorRowKind = 'crossover' | 'value';

export interface IndicatorOptionGroup {
  name: string;
  entries: readonly CatalogueEntry[];
}

const PRO_ENTRIES = INDICATOR_CATALOGUE.filter((entry) => entry.plan === 'pro');

function entriesOf(labels: readonly string[]): CatalogueEntry[] {
  return labels.map((label) => {
    const entry = catalogueEntry(label);
    if (!entry) throw new Error(`${label} is not in the indicator catalogue`);
    return entry;
  });
}

function groupsFor(specLabels: readonly string[]): readonly IndicatorOptionGroup[] {
  const proGroups = INDICATOR_GROUPS.map((name) => ({
    name,
    entries: PRO_ENTRIES.filter((entry) => entry.group === name),
  })).filter((group) => group.entries.length > 0);
  return [{ name: STANDARD_GROUP, entries: entriesOf(specLabels) }, ...proGroups];
}

export const INDICATOR_OPTION_GROUPS: Record<IndicatorRowKind, readonly IndicatorOptionGroup[]> = {
  crossover: groupsFor(CROSSOVER_INDICATOR_LABELS),
  value: groupsFor(VALUE_INDICATOR_LABELS),
};

const LABELS: Record<IndicatorRowKind, ReadonlySet<string>> = {
  crossover: new Set(INDICATOR_OPTION_GROUPS.crossover.flatMap((group) => group.entries.map((e) => e.label))),
  value: new Set(INDICATOR_OPTION_GROUPS.value.flatMap((group) => group.entries.map((e) => e.label))),
};

/** Whether a row of this kind may use the label. */
export function isIndicatorFor(kind: IndicatorRowKind, label: unknown): label is string {
  return typeof label === 'string' && LABELS[kind].has(label);
}

/**
 * The groups with only the entries whose label, shown group or TA-Lib group contains the query
 * (case-insensitive); empty groups are dropped, the order is kept.
 */
export function filterIndicatorGroups(
  groups: readonly IndicatorOptionGroup[],
  query: string,
): IndicatorOptionGroup[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...groups];
  return groups
    .map((group) => ({
      name: group.name,
      entries: group.entries.filter((entry) =>
        [entry.label, group.name, entry.group].some((text) => text.toLowerCase().includes(needle)),
      ),
    }))
    .filter((group) => group.entries.length > 0);
}
