/**
 * The catalogue's own consistency, checked against TA-Lib's function table (the `talib`
 * package's explain()): every indicator function of TA-Lib's seven indicator groups is covered,
 * every TA-Lib name an entry gives (function, output line, optional input) exists, labels are
 * unique, the builder set comes first unchanged, and every default lies within its bounds.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { INDICATOR_CATALOGUE, INDICATOR_GROUPS, MA_TYPE_NAMES } from '../../src/shared/indicator-catalogue';
import { CROSSOVER_INDICATORS, VALUE_INDICATORS } from '../../src/shared/indicators';

interface Explained {
  group: string;
  optInputs: { name: string }[];
  outputs: { name: string }[];
}
const talib = createRequire(import.meta.url)('talib') as {
  functions: { name: string; group: string }[];
  explain(name: string): Explained;
};

const INDICATOR_GROUP_NAMES = new Set<string>(INDICATOR_GROUPS);
/** TA-Lib's indicator groups: all but math operators and transforms, and patterns. */
const TALIB_INDICATOR_GROUPS = new Set<string>(
  INDICATOR_GROUPS.filter((group) => group !== 'Math Operators'),
);

describe('the indicator catalogue', () => {
  it('covers every function of TA-Lib’s indicator groups (not math operators, transforms or patterns)', () => {
    const indicatorFunctions = talib.functions
      .filter((fn) => TALIB_INDICATOR_GROUPS.has(fn.group))
      .map((fn) => fn.name)
      .sort();
    expect(indicatorFunctions).toHaveLength(74);
    const covered = new Set(
      INDICATOR_CATALOGUE.filter((entry) => entry.group !== 'Math Operators').flatMap(
        (entry) => entry.talib?.function ?? [],
      ),
    );
    expect([...covered].sort()).toEqual(indicatorFunctions);
  });

  it('offers every output line of every TA-Lib function it covers', () => {
    const lines = new Set(
      INDICATOR_CATALOGUE.flatMap((entry) =>
        entry.talib ? [`${entry.talib.function}.${entry.talib.output}`] : [],
      ),
    );
    for (const name of new Set(INDICATOR_CATALOGUE.flatMap((entry) => entry.talib?.function ?? []))) {
      for (const output of talib.explain(name).outputs)
        expect(lines, name).toContain(`${name}.${output.name}`);
    }
  });

  it('names only TA-Lib outputs and optional inputs that exist, in the function’s own group', () => {
    for (const entry of INDICATOR_CATALOGUE.filter((candidate) => candidate.talib)) {
      const explained = talib.explain(entry.talib!.function);
      expect(
        explained.outputs.map((output) => output.name),
        entry.label,
      ).toContain(entry.talib!.output);
      const optional = explained.optInputs.map((input) => input.name);
      for (const setting of entry.settings.filter((candidate) => candidate.talib)) {
        expect(optional, `${entry.label}: ${setting.label}`).toContain(setting.talib);
      }
      if (entry.plan === 'pro') expect(entry.group, entry.label).toBe(explained.group);
    }
  });

  it('starts with the builder set in the spec’s order, unchanged, as the basic plan', () => {
    const builder = [...CROSSOVER_INDICATORS, ...VALUE_INDICATORS];
    const first = INDICATOR_CATALOGUE.slice(0, builder.length);
    expect(first.map((entry) => entry.label)).toEqual(builder.map((definition) => definition.label));
    first.forEach((entry, i) => {
      expect(entry.plan).toBe('basic');
      expect(entry.settings.map(({ label, defaultValue }) => ({ label, defaultValue }))).toEqual(
        builder[i]!.settings.map(({ label, defaultValue }) => ({ label, defaultValue })),
      );
    });
    expect(INDICATOR_CATALOGUE.slice(builder.length).every((entry) => entry.plan === 'pro')).toBe(true);
    expect(INDICATOR_CATALOGUE.length).toBeGreaterThanOrEqual(100);
  });

  it('has unique labels, a group, a one-line description, a formula, a source where TA-Lib has none, and defaults within bounds', () => {
    expect(new Set(INDICATOR_CATALOGUE.map((entry) => entry.label)).size).toBe(INDICATOR_CATALOGUE.length);
    for (const entry of INDICATOR_CATALOGUE) {
      expect(INDICATOR_GROUP_NAMES.has(entry.group), entry.label).toBe(true);
      expect(entry.description, entry.label).toMatch(/^[^\n]{10,120}$/);
      expect(entry.formula.length, entry.label).toBeGreaterThan(0);
      if (!entry.talib && !entry.label.endsWith(' Price')) expect(entry.source, entry.label).toBeTruthy();
      for (const setting of entry.settings) {
        if (setting.defaultValue === null) continue;
        expect(setting.defaultValue, `${entry.label}: ${setting.label}`).toBeGreaterThanOrEqual(setting.min);
        expect(setting.defaultValue, `${entry.label}: ${setting.label}`).toBeLessThanOrEqual(setting.max);
        if (setting.kind === 'maType') expect(setting.max).toBe(MA_TYPE_NAMES.length - 1);
      }
    }
  });
});
