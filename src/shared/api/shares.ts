/** Answers of a run's public link: the owner's side and the public read. */
import * as z from 'zod';
import { backtestRunSchema } from './backtests';

/** POST /api/backtests/:id/share (201): the new public link (its token is shown this once). */
export const shareLinkSchema = z.object({ token: z.string(), url: z.string() });
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** GET /api/backtests/:id/share: whether the run has a live public link, and since when. */
export const shareStatusSchema = z.object({ shared: z.boolean(), createdAt: z.string().nullable() });
export type ShareStatus = z.infer<typeof shareStatusSchema>;

/** GET /api/public/backtests/:token: the run without its id, its owner or anything of theirs. */
export const sharedBacktestSchema = backtestRunSchema.omit({ id: true });
export type SharedBacktest = z.infer<typeof sharedBacktestSchema>;
