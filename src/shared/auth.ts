/** Accounts: roles, the user the API returns, and the sign-in forms' schemas (docs/product.md#entities, docs/product.md#validation, docs/product.md#roles-and-permissions). */
import * as z from 'zod';
import { BILLING_PERIODS, CURRENCIES, PLAN_IDS } from './plans';

export const ROLES = ['basic', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string({ error: 'Enter your email address' })
  .trim()
  .min(1, 'Enter your email address')
  .max(254, 'That email address is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((value) => value.toLowerCase());

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
});

export const registerSchema = z.object({
  email,
  password: z
    .string({ error: 'Choose a password' })
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
  displayName: z.string().trim().max(100, 'At most 100 characters').optional(),
});

export const adminUserPatchSchema = z
  .object({
    role: z.enum(ROLES, { error: 'Role must be basic or admin' }).optional(),
    plan: z.enum(PLAN_IDS, { error: 'Plan must be basic, pro or enterprise' }).optional(),
  })
  .refine((patch) => patch.role !== undefined || patch.plan !== undefined, 'Give a role or a plan to change');

export const subscriptionRequestSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: 'Choose a plan' }),
  billingPeriod: z.enum(BILLING_PERIODS, { error: 'Choose monthly or annual billing' }),
  currency: z.enum(CURRENCIES, { error: 'Choose INR or USD' }),
});

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type SubscriptionRequestInput = z.input<typeof subscriptionRequestSchema>;

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';
export const INVALID_CREDENTIALS = 'Incorrect email or password.';

/** An email address as the forms take it: trimmed, checked, lower-cased. */
export { email as emailAddressSchema };
