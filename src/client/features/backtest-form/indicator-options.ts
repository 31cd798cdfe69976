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
import { type SearchRank, rankIndicator } from './indicator-search';

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
 * The groups with only the entries that match the query (indicator-search.ts: names, aliases,
 * descriptions and groups, ignoring case and punctuation), best matches first: entries sorted by
 * rank inside their group, groups by their best entry; equal ranks keep the catalogue's order.
 * Empty groups are dropped.
 */
export function filterIndicatorGroups(
  groups: readonly IndicatorOptionGroup[],
  query: string,
): IndicatorOptionGroup[] {
  if (query.trim() === '') return [...groups];
  const ranked = groups
    .map((group) => {
      const entries = group.entries
        .map((entry) => ({ entry, rank: rankIndicator(entry, query, group.name) }))
        .filter((found): found is { entry: CatalogueEntry; rank: SearchRank } => found.rank !== null)
        .sort((a, b) => a.rank - b.rank);
      return { name: group.name, entries, best: entries[0]?.rank ?? Infinity };
    })
    .filter((group) => group.entries.length > 0)
    .sort((a, b) => a.best - b.best);
  return ranked.map((group) => ({ name: group.name, entries: group.entries.map((found) => found.entry) }));
}
