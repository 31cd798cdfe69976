/**
 * The one-time links that mails carry: where they lead and how long they hold. Apart from the
 * account's schemas (account.ts), so the app's first load, which needs the paths, builds none.
 */

export const VERIFY_EMAIL_HOURS = 24;
export const RESET_PASSWORD_MINUTES = 30;
export const CHANGE_EMAIL_HOURS = 24;

/** Where the links in mails lead (the client routes of the same names). */
export const EMAIL_LINK_PATHS = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
} as const;
