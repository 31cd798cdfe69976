import type { Section } from './blocks';

/** One card of a listing page and the article behind it (docs/product.md#entities). */
export interface ListingItem {
  slug: string;
  title: string;
  summary: string;
  /** Publication date, YYYY-MM-DD (research and press). */
  date?: string;
  /** Publication time as shown, e.g. "10:00 IST" (press). */
  time?: string;
  body: readonly Section[];
  /** For a strategy the builder can run: the form filled with its rules ("Open in the builder"). */
  template?: Record<string, unknown>;
}
