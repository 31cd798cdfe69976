/** Answers of /api/account (the account, its export) and /api/dev/outbox. */
import * as z from 'zod';
import { BILLING_PERIODS, CURRENCIES, PLAN_IDS } from '../plans';
import { userSchema } from './auth';
import { storedRequestSchema } from './backtests';
import { PAYMENT_PROVIDERS, invoiceSchema } from './billing';
import { portfolioAnswerSchema } from './portfolios';
import { apiTokenSchema } from './tokens';

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
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: accountSchema,
  backtests: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      exchange: z.string(),
      stock: z.string(),
      timeframe: z.string(),
      mode: z.string(),
      /** The request as it was stored (older runs lack fields added since). */
      request: storedRequestSchema,
      /** The result's metrics as stored, by name. */
      metrics: z.record(z.string(), z.unknown()).nullable(),
      /** Set when the user deleted the run: its row stays for the month's quota until the account goes. */
      deletedAt: z.string().nullable(),
    }),
  ),
  datasets: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      sizeBytes: z.number().int(),
      rows: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  portfolios: z.array(portfolioAnswerSchema),
  shareLinks: z.array(z.object({ backtestId: z.string(), createdAt: z.string() })),
  team: z
    .discriminatedUnion('role', [
      z.object({
        role: z.literal('owner'),
        members: z.array(z.object({ email: z.string(), joinedAt: z.string() })),
      }),
      z.object({ role: z.literal('member'), ownerEmail: z.string(), joinedAt: z.string() }),
    ])
    .nullable(),
  /** The paid subscription as stored (null when none was ever started); dates are ISO date-times. */
  subscription: z
    .object({
      provider: z.enum(PAYMENT_PROVIDERS),
      plan: z.enum(PLAN_IDS),
      billingPeriod: z.enum(BILLING_PERIODS),
      currency: z.enum(CURRENCIES),
      /** incomplete: a checkout was started and nothing was paid. */
      status: z.enum(['incomplete', 'active', 'past_due', 'cancelled']),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      pendingChange: z
        .object({ plan: z.enum(PLAN_IDS), billingPeriod: z.enum(BILLING_PERIODS), effectiveAt: z.string() })
        .nullable(),
      createdAt: z.string(),
    })
    .nullable(),
  /** Every payment, oldest first, with the provider that took it. */
  invoices: z.array(invoiceSchema.extend({ provider: z.enum(PAYMENT_PROVIDERS) })),
  /** The API tokens' names, scopes and dates: never a token or its hash. */
  apiTokens: z.array(apiTokenSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
