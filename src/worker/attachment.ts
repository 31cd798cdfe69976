import type { Context } from 'hono';

/**
 * Marks an answer as a file to save (`Content-Disposition: attachment`), under a name reduced to
 * letters, digits, dot, dash and underscore: nothing a header, a path or a shell could misread.
 * Every API answer meant to be saved (strategy and account exports) goes through it.
 */
export function attachment(c: Context, fileName: string): void {
  const safe = fileName.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') || 'download';
  c.header('Content-Disposition', `attachment; filename="${safe}"`);
}
