/** The account's mails: each names what happened, what to do, and carries one link at most. */
import { CHANGE_EMAIL_HOURS, RESET_PASSWORD_MINUTES, VERIFY_EMAIL_HOURS } from '../../shared/account';
import { PRODUCT_NAME, composeMail } from './compose';

const NOT_YOU = 'If you did not ask for this, you can ignore this mail.';

export const verificationMail = (to: string, url: string) =>
  composeMail({
    to,
    subject: 'Verify your email address',
    paragraphs: [`Welcome to ${PRODUCT_NAME}.`, 'Please confirm that this address is yours:'],
    action: { label: 'Verify my email address', url },
    after: [`The link works once, for ${VERIFY_EMAIL_HOURS} hours.`, NOT_YOU],
  });

export const resetPasswordMail = (to: string, url: string) =>
  composeMail({
    to,
    subject: 'Reset your password',
    paragraphs: [`Someone asked to reset the password of your ${PRODUCT_NAME} account.`],
    action: { label: 'Choose a new password', url },
    after: [
      `The link works once, for ${RESET_PASSWORD_MINUTES} minutes. Resetting signs you out everywhere.`,
      `${NOT_YOU} Your password stays as it is.`,
    ],
  });

export const googleOnlyResetMail = (to: string, loginUrl: string) =>
  composeMail({
    to,
    subject: 'Sign in with Google',
    paragraphs: [
      `Someone asked to reset the password of your ${PRODUCT_NAME} account.`,
      'Your account has no password: it signs in with Google. Use "Sign In with Google" on the login page.',
    ],
    action: { label: 'Go to the login page', url: loginUrl },
    after: [NOT_YOU],
  });

export const confirmNewEmailMail = (to: string, url: string) =>
  composeMail({
    to,
    subject: 'Confirm your new email address',
    paragraphs: [`Your ${PRODUCT_NAME} account is to use this address from now on. Please confirm it:`],
    action: { label: 'Confirm my new email address', url },
    after: [`The link works once, for ${CHANGE_EMAIL_HOURS} hours.`, NOT_YOU],
  });

export const emailChangedNoticeMail = (to: string, newEmail: string) =>
  composeMail({
    to,
    subject: 'Your email address was changed',
    paragraphs: [
      `Your ${PRODUCT_NAME} account now uses ${newEmail} instead of this address.`,
      'If you did not make this change, reply to this mail or write to us through the contact page at once.',
    ],
  });

export const teamDissolvedMail = (to: string, ownerEmail: string) =>
  composeMail({
    to,
    subject: 'Your team was dissolved',
    paragraphs: [
      `${ownerEmail} deleted their ${PRODUCT_NAME} account, so the team you were on no longer exists.`,
      'Your own account, runs and datasets are untouched; your plan is your own again.',
    ],
  });

export const accountDeletedMail = (to: string) =>
  composeMail({
    to,
    subject: 'Your account was deleted',
    paragraphs: [
      `Your ${PRODUCT_NAME} account was deleted at your request, with its runs, datasets, portfolios, share links and API tokens.`,
      'A paid plan ends at the close of the period already paid for: nothing more will be charged. The privacy policy says what is kept.',
      'If you did not delete your account, reply to this mail or write to us through the contact page at once.',
    ],
  });
