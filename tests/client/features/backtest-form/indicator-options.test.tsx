import { describe, expect, it } from 'vitest';
import {
  INDICATOR_OPTION_GROUPS,
  STANDARD_GROUP,
  filterIndicatorGroups,
  isIndicatorFor,
} from '../../../../src/client/features/backtest-form/indicator-options';
import { INDICATOR_CATALOGUE, INDICATOR_GROUPS } from '../../../../src/shared/indicator-catalogue';
import { CROSSOVER_INDICATOR_LABELS, VALUE_INDICATOR_LABELS } from '../../../../src/shared/indicators';
import { crossoverConditionSchema, entryValueConditionSchema } from '../../../../src/shared/backtest-request';

const labelsOf = (groups: readonly { entries: readonly { label: string }[] }[]) =>
  groups.flatMap((group) => group.entries.map((entry) => entry.label));

describe('indicator options', () => {
  it("put the spec's list first, in the spec's order, then the pro entries in TA-Lib's group order", () => {
    const crossover = INDICATOR_OPTION_GROUPS.crossover;
    expect(crossover[0]!.name).toBe(STANDARD_GROUP);
    expect(crossover[0]!.entries.map((entry) => entry.label)).toEqual(CROSSOVER_INDICATOR_LABELS);
    expect(INDICATOR_OPTION_GROUPS.value[0]!.entries.map((entry) => entry.label)).toEqual(
      VALUE_INDICATOR_LABELS,
    );
    const rest = crossover.slice(1).map((group) => group.name);
    expect(rest).toEqual(INDICATOR_GROUPS.filter((name) => rest.includes(name)));
    expect(rest.slice(0, 2)).toEqual(['Overlap Studies', 'Momentum Indicators']);
    for (const group of crossover.slice(1)) {
      expect(group.entries.every((entry) => entry.plan === 'pro' && entry.group === group.name)).toBe(true);
    }
  });

  it('offer on each kind of row exactly the labels the request schema accepts there', () => {
    const pro = INDICATOR_CATALOGUE.filter((entry) => entry.plan === 'pro').map((entry) => entry.label);
    expect(labelsOf(INDICATOR_OPTION_GROUPS.crossover).sort()).toEqual(
      [...CROSSOVER_INDICATOR_LABELS, ...pro].sort(),
    );
    expect(labelsOf(INDICATOR_OPTION_GROUPS.value).sort()).toEqual(
      [...VALUE_INDICATOR_LABELS, ...pro].sort(),
    );
    for (const entry of INDICATOR_CATALOGUE) {
      const crossover = crossoverConditionSchema.safeParse({
        indicator1: entry.label,
        logic: 'Greater Than',
        indicator2: 'OBV',
      }).success;
      const value = entryValueConditionSchema.safeParse({
        indicator: entry.label,
        logic: 'Greater Than',
        number: '1',
      }).success;
      expect([entry.label, isIndicatorFor('crossover', entry.label)]).toEqual([entry.label, crossover]);
      expect([entry.label, isIndicatorFor('value', entry.label)]).toEqual([entry.label, value]);
    }
    expect(isIndicatorFor('value', 'SMA')).toBe(false);
    expect(isIndicatorFor('crossover', 'RSI')).toBe(false);
  });

  it('filter by label, case-insensitive, keeping the group order and dropping empty groups', () => {
    const found = filterIndicatorGroups(INDICATOR_OPTION_GROUPS.crossover, 'aROOn');
    expect(found.map((group) => group.name)).toEqual(['Momentum Indicators']);
    expect(labelsOf(found).every((label) => /aroon/i.test(label))).toBe(true);
    expect(labelsOf(found).length).toBeGreaterThanOrEqual(3);

    const sma = labelsOf(filterIndicatorGroups(INDICATOR_OPTION_GROUPS.crossover, 'sma'));
    expect(sma[0]).toBe('SMA');
    expect(filterIndicatorGroups(INDICATOR_OPTION_GROUPS.crossover, 'no such thing')).toEqual([]);
    expect(filterIndicatorGroups(INDICATOR_OPTION_GROUPS.crossover, '  ')).toEqual([
      ...INDICATOR_OPTION_GROUPS.crossover,
    ]);
  });

  it("filter by group name: the shown group and an entry's TA-Lib group", () => {
    const cycle = filterIndicatorGroups(INDICATOR_OPTION_GROUPS.crossover, 'CYCLE indicators');
    expect(cycle.map((group) => group.name)).toEqual(['Cycle Indicators']);
    expect(labelsOf(cycle)).toEqual(
      INDICATOR_OPTION_GROUPS.crossover
        .find((group) => group.name === 'Cycle Indicators')!
        .entries.map((entry) => entry.label),
    );
    const standard = filterIndicatorGroups(INDICATOR_OPTION_GROUPS.value, 'builder STANDARD');
    expect(labelsOf(standard)).toEqual(VALUE_INDICATOR_LABELS);
    // The spec's OBV is a TA-Lib volume indicator: a search for the group finds it in the first group.
    const volume = filterIndicatorGroups(INDICATOR_OPTION_GROUPS.crossover, 'volume indicators');
    expect(volume[0]!.name).toBe(STANDARD_GROUP);
    expect(volume[0]!.entries.map((entry) => entry.label)).toContain('OBV');
    expect(volume[0]!.entries.every((entry) => entry.group === 'Volume Indicators')).toBe(true);
  });
});
