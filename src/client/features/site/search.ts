/** The site's one search rule: a case-insensitive substring, surrounding spaces ignored. */
export function matchesQuery(text: string, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return needle === '' || text.toLowerCase().includes(needle);
}

type ItemOf<List> = List extends readonly (infer Item)[] ? Item : never;

/**
 * Each group with only the items of its list `key` that `keep` accepts, the groups left empty
 * dropped, and how many items are shown in all (e.g. documentation categories and their guides).
 */
export function filterGroups<Group extends object, Key extends keyof Group>(
  groups: readonly Group[],
  key: Key,
  keep: (item: ItemOf<Group[Key]>, group: Group) => boolean,
): { groups: Group[]; shown: number } {
  const filtered = groups
    .map((group) => ({
      ...group,
      [key]: (group[key] as readonly ItemOf<Group[Key]>[]).filter((item) => keep(item, group)),
    }))
    .filter((group) => (group[key] as readonly unknown[]).length > 0);
  const shown = filtered.reduce((count, group) => count + (group[key] as readonly unknown[]).length, 0);
  return { groups: filtered, shown };
}
