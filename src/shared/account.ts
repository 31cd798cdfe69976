/** The account's own forms: email links, passwords, settings, deletion (docs/accounts.md). */
import * as z from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, emailAddressSchema } from './auth';

/** The answer to a used, expired or unknown link of any kind. */
export const LINK_EXPIRED = 'This link has expired or was already used.';

export {
  CHANGE_EMAIL_HOURS,
  EMAIL_LINK_PATHS,
  RESET_PASSWORD_MINUTES,
  VERIFY_EMAIL_HOURS,
} from './email-links';
/** Deleting an account without a password needs a Google sign-in this recent. */
export const RECENT_GOOGLE_SIGN_IN_MINUTES = 10;

/** Every one-time link carries 32 random bytes (256 bits), base64url. */
const token = z.string({ error: LINK_EXPIRED }).regex(/^[A-Za-z0-9_-]{43}$/, LINK_EXPIRED);

const newPassword = (what: string) =>
  z
    .string({ error: `Choose ${what}` })
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`);

const currentPassword = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`);

export const emailTokenSchema = z.object({ token });
export const forgotPasswordSchema = z.object({ email: emailAddressSchema });
export const resetPasswordSchema = z.object({ token, password: newPassword('a new password') });
export const changePasswordSchema = z.object({
  currentPassword,
  newPassword: newPassword('a new password'),
});

export const accountPatchSchema = z
  .object({
    displayName: z.string().trim().max(100, 'At most 100 characters').optional(),
    notifyJobDone: z.boolean({ error: 'Must be true or false' }).optional(),
  })
  .refine(
    (patch) => patch.displayName !== undefined || patch.notifyJobDone !== undefined,
    'Give a display name or a notification preference to change',
  );

/** Password accounts confirm with their password; Google-only accounts with a recent Google sign-in. */
export const changeEmailSchema = z.object({
  newEmail: emailAddressSchema,
  password: currentPassword.optional(),
});
export const deleteAccountSchema = z.object({ password: currentPassword.optional() });

export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type AccountPatchInput = z.input<typeof accountPatchSchema>;
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
