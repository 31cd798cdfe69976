/**
 * Readers for values that come from outside the form (a stored request, a saved draft): each
 * takes anything and returns the expected shape, falling back rather than throwing.
 */
import { catalogueEntry } from '../../../shared/indicator-catalogue';

type Loose = Record<string, unknown>;

export const asObject = (value: unknown): Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : {};

export const asList = (value: unknown, max: number): unknown[] =>
  Array.isArray(value) ? value.slice(0, max) : [];

export const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : '';

export function oneOf<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

/** Keeps only the settings the indicator declares, as text (setting label -> text). */
export function settingsOf(indicator: string, value: unknown): Record<string, string> {
  const given = asObject(value);
  return Object.fromEntries(
    (catalogueEntry(indicator)?.settings ?? [])
      .filter((setting) => setting.label in given)
      .map((setting) => [setting.label, asText(given[setting.label])]),
  );
}
