/**
 * The building blocks of the site's written content: plain data, so that search can read the
 * words and one renderer (ContentBlocks) gives every page the same markup.
 */

export interface Definition {
  term: string;
  text: string;
}

export interface InternalLink {
  label: string;
  to: string;
}

export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: readonly string[]; ordered: boolean }
  | { kind: 'definitions'; items: readonly Definition[] }
  | { kind: 'table'; caption: string; head: readonly string[]; rows: readonly (readonly string[])[] }
  | { kind: 'note'; text: string }
  | { kind: 'links'; items: readonly InternalLink[] };

/** A titled part of a page: an article's section, a legal clause, a guide. */
export interface Section {
  id: string;
  title: string;
  blocks: readonly Block[];
}

export const p = (text: string): Block => ({ kind: 'paragraph', text });
export const bullets = (...items: string[]): Block => ({ kind: 'list', items, ordered: false });
export const steps = (...items: string[]): Block => ({ kind: 'list', items, ordered: true });
export const note = (text: string): Block => ({ kind: 'note', text });
export const links = (...items: InternalLink[]): Block => ({ kind: 'links', items });

export const definitions = (items: readonly Definition[] | Readonly<Record<string, string>>): Block => ({
  kind: 'definitions',
  items: Array.isArray(items)
    ? items
    : Object.entries(items as Record<string, string>).map(([term, text]) => ({ term, text })),
});

export const table = (
  caption: string,
  head: readonly string[],
  rows: readonly (readonly string[])[],
): Block => ({ kind: 'table', caption, head, rows });

/** Every word of some blocks, for search. */
export function blocksText(blocks: readonly Block[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'paragraph':
        case 'note':
          return block.text;
        case 'list':
          return block.items.join(' ');
        case 'definitions':
          return block.items.map((item) => `${item.term} ${item.text}`).join(' ');
        case 'table':
          return [block.caption, ...block.head, ...block.rows.flat()].join(' ');
        case 'links':
          return block.items.map((item) => item.label).join(' ');
      }
    })
    .join(' ');
}

/** Turns a title into a URL fragment: "Exit rules & fills" -> "exit-rules-fills". */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
