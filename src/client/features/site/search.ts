/** The site's one search rule: a case-insensitive substring, surrounding spaces ignored. */
export function matchesQuery(text: string, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return needle === '' || text.toLowerCase().includes(needle);
}
