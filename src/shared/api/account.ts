/** Answers of /api/account and /api/dev/outbox. */
import { z } from 'zod';
import { userSchema } from './auth';

/** GET /api/account, PATCH /api/account: the user plus the settings only its owner sees. */
export const accountSchema = userSchema.extend({
  notifyJobDone: z.boolean(),
  /** False for an account that signs in with Google only. */
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;
export const accountAnswerSchema = z.object({ account: accountSchema });
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;

/** One mail of the development outbox. */
export const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxSchema = z.array(outboxMailSchema);

/** GET /api/account/export: everything stored about the user, as a JSON file. */
export interface AccountExport {
  exportedAt: string;
  profile: Account;
  backtests: {
    id: string;
    createdAt: string;
    exchange: string;
    stock: string;
    timeframe: string;
    mode: string;
    request: unknown;
    metrics: unknown;
    /** Set when the user deleted the run: its row stays for the month's quota until the account goes. */
    deletedAt: string | null;
  }[];
  datasets: { id: string; name: string; sizeBytes: number; rows: number; createdAt: string }[];
  portfolios: { id: string; name: string; symbols: unknown; createdAt: string; updatedAt: string }[];
  shareLinks: { backtestId: string; createdAt: string }[];
  team:
    | { role: 'owner'; members: { email: string; joinedAt: string }[] }
    | { role: 'member'; ownerEmail: string; joinedAt: string }
    | null;
}
