/**
 * How well a catalogue entry answers what a trader typed. Case and punctuation are ignored
 * ("%K" is "k", "A/D" is "a d"); names are the label, the aliases and the TA-Lib function.
 * Lower ranks are better:
 *   0  a name equals the query as typed, punctuation included ("+DI" rather than "-DI")
 *   1  a name equals the query ("adx", "psar", "moving average")
 *   2  a name starts with it ("boll" -> "Bollinger Upper")
 *   3  every word of the query starts a word of one name ("stoch rsi")
 *   4  a name contains it ("wma" in "VWMA")
 *   5  every word of the query starts a word of the description
 *   6  the entry's group or shown group contains it
 * null: no match.
 */
import type { CatalogueEntry } from '../../../shared/indicator-catalogue';

export type SearchRank = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Lower case, every run of punctuation or spaces one space. */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const compact = (normalized: string) => normalized.replace(/ /g, '');
const words = (normalized: string) => (normalized === '' ? [] : normalized.split(' '));

function namesOf(entry: CatalogueEntry): string[] {
  const names = [entry.label, ...entry.aliases];
  if (entry.talib) names.push(entry.talib.function);
  return names;
}

const startsEveryWord = (queryWords: readonly string[], textWords: readonly string[]) =>
  queryWords.every((word) => textWords.some((textWord) => textWord.startsWith(word)));

/** The entry's rank for the query, or null when it does not match; `groupName` is the group shown. */
export function rankIndicator(entry: CatalogueEntry, query: string, groupName: string): SearchRank | null {
  const typed = query.trim().toLowerCase();
  const rawNames = namesOf(entry);
  if (rawNames.some((name) => name.toLowerCase() === typed)) return 0;
  const normalized = normalizeSearchText(query);
  // A query of punctuation only ("%") matches by its text as typed.
  if (normalized === '') return rawNames.some((name) => name.toLowerCase().includes(typed)) ? 4 : null;
  const needle = compact(normalized);
  const queryWords = words(normalized);
  const names = rawNames.map(normalizeSearchText);
  const compactNames = names.map(compact);
  if (compactNames.some((name) => name === needle)) return 1;
  if (compactNames.some((name) => name.startsWith(needle))) return 2;
  if (names.some((name) => startsEveryWord(queryWords, words(name)))) return 3;
  if (compactNames.some((name) => name.includes(needle))) return 4;
  if (startsEveryWord(queryWords, words(normalizeSearchText(entry.description)))) return 5;
  const groups = [entry.group, groupName].map(normalizeSearchText);
  return groups.some((group) => group.includes(normalized)) ? 6 : null;
}
