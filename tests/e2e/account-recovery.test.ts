import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { OutboxMail } from '../../src/shared/api/account';
import { INVALID_CREDENTIALS } from '../../src/shared/auth';
import { field, linkFromOutbox, submitLogin } from './browser';
import { PHONE, browserForFile, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/LoginPage`);
  await submitLogin(page, email, password);
}

describe('keeping an account in chromium', () => {
  it('verifies the email, resets a forgotten password from the mails, then deletes the account after a question and is told by mail', async () => {
    const { page, errors, email } = await signedInPage(browser(), 'recovery', { viewport: PHONE });

    await page.goto(await linkFromOutbox(baseUrl, email, 'Verify your email address', '/verify-email'));
    await page.getByRole('button', { name: 'Verify my email address' }).click();
    await page.getByText('Your email address is verified.').waitFor();

    await page.goto(`${baseUrl}/account`);
    await page.getByText(`${email} · verified`).waitFor();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${baseUrl}/LoginPage`);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The page loads lazily: until its heading is there, "Email" is still the login form's field.
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText(`If an account uses ${email}, we sent it a link`).waitFor();

    await page.goto(await linkFromOutbox(baseUrl, email, 'Reset your password', '/reset-password'));
    const newPassword = 'a fresh and long password';
    await field(page, 'New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password is changed and every browser was signed out.').waitFor();

    await logIn(page, email, newPassword);
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/account`);
    await field(page, 'Password to confirm').fill(newPassword);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    // One more question before anything goes.
    const question = page.getByRole('group', { name: 'Confirm delete' });
    await question.getByText(`We will send a last mail to ${email}`).waitFor();
    await question.getByRole('button', { name: 'Yes, delete' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await expect
      .poll(async () => {
        const mails = (await (await page.request.get(`${baseUrl}/api/dev/outbox`)).json()) as OutboxMail[];
        return mails.some((mail) => mail.to === email && mail.subject.startsWith('Your account was deleted'));
      })
      .toBe(true);

    await logIn(page, email, newPassword);
    await page.getByText(INVALID_CREDENTIALS).waitFor();
    expect(page.url()).toBe(`${baseUrl}/LoginPage`);
    // The failed sign-in's 401 is the one expected console error.
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
  }, 120_000); // Three password hashes and a dozen pages on a shared machine.
});
