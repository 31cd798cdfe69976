// The page's downloads are shared with the builder's strategy export.
export { downloadText } from '../../lib/download';

/** A file name made of the run's words: letters, digits, dots and dashes only. */
export function safeFileName(...parts: string[]): string {
  return parts
    .map((part) => part.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter(Boolean)
    .join('-');
}
