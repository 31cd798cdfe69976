import { spawnSync } from 'node:child_process';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { onTestFinished } from 'vitest';
import type { OutboxMail } from '../../src/shared/api/account';
import { OFFLINE_ENV } from '../../scripts/offline-env.mjs';

const root = new URL('../..', import.meta.url).pathname;

/**
 * Runs SQL on the e2e server's local D1 with wrangler, as an administrator would. The server's
 * runtime does not wait for a lock: call this while the pages are not loading (a request that
 * meets the statement's lock fails with a 500).
 */
export function localD1(sql: string): void {
  const result = spawnSync(
    'node',
    ['scripts/wrangler.mjs', 'd1', 'execute', 'DB', '--local', '-c', 'wrangler.toml', '--command', sql],
    { cwd: root, env: { ...process.env, ...OFFLINE_ENV }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`d1 execute failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Every browser here connects from 127.0.0.1, and the worker allows 10 sign-ups per client IP
 * in 15 minutes (a real limit, kept). Locally the worker reads the client IP from the
 * cf-connecting-ip header (on Cloudflare the edge sets it), so each signing-up browser gets a
 * documentation address (TEST-NET-2) of its own.
 */
export async function useOwnClientAddress(page: Page): Promise<void> {
  const address = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  await page.context().setExtraHTTPHeaders({ 'cf-connecting-ip': address });
}

/** Puts a user on a plan in the local D1, as an admin would (the plan is read per request). */
export function setPlan(email: string, plan: 'basic' | 'pro' | 'enterprise'): void {
  // Test emails are `<prefix>-<digits>@example.com`: safe to quote in SQL.
  if (!/^[a-z0-9-]+@example\.com$/.test(email)) throw new Error(`not a test email: ${email}`);
  localD1(`UPDATE users SET plan = '${plan}' WHERE email = '${email}'`);
}

/**
 * The link (`<path>?token=...`) of the newest mail to `email` whose subject starts with
 * `subject`, from the dev server's outbox (mails are kept there, not sent, in development).
 */
export async function linkFromOutbox(
  baseUrl: string,
  email: string,
  subject: string,
  path: string,
): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`);
  // The mail is sent just after the answer: ask until it is there (also from a beforeAll,
  // where expect.poll is not allowed).
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mails = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as OutboxMail[];
    const mail = mails.find((m) => m.to === email && m.subject.startsWith(subject));
    const link = mail && pattern.exec(mail.text)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${email} in the outbox within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Verifies `email` with the link of the mail registration sent it, as opening that link does
 * (the verify page posts its token).
 */
export async function verifyEmail(baseUrl: string, email: string): Promise<void> {
  const link = await linkFromOutbox(baseUrl, email, 'Verify your email address', '/verify-email');
  const answer = await fetch(`${baseUrl}/api/auth/email/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
  });
  if (answer.status !== 204)
    throw new Error(`verifying ${email} answered ${answer.status}: ${await answer.text()}`);
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium, headless, with the flags that keep it off the network (toolchain.md).
 * Playwright gives every launch a fresh temporary profile of its own.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A new page of a browser or a context, closed when the test ends, passed or failed, so a
 * failing test leaves no page behind to slow the next ones.
 */
export async function openPage(
  opener: Browser | BrowserContext,
  options?: Parameters<Browser['newPage']>[0],
): Promise<Page> {
  const page = await ('contexts' in opener ? opener.newPage(options) : opener.newPage());
  onTestFinished(() => page.close());
  return page;
}

/** A browser context of its own (no cookies), closed when the test ends, passed or failed. */
export async function openContext(
  browser: Browser,
  options?: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  onTestFinished(() => context.close());
  return context;
}

/** Collects console errors and uncaught page errors (CSP violations included). */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A failed load's text names only the status: the address says what failed.
    const { url } = message.location();
    errors.push(
      url && message.text().startsWith('Failed to load resource')
        ? `${message.text()}: ${url}`
        : message.text(),
    );
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A form field by its visible label, spelled out in full (some labels contain others). */
export function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

/** The password every test account registers with. */
export const PASSWORD = 'a long enough password';

/** On the login page: switches to registering and registers `email`. */
export async function submitRegistration(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
}

/** On the login page: logs in with `email` and `password`. */
export async function submitLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Registers a new account (`<prefix>-<time>@example.com`), waits for the home page, returns the email. */
export async function signUp(page: Page, baseUrl: string, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}@example.com`;
  await useOwnClientAddress(page);
  await page.goto(`${baseUrl}/LoginPage`);
  await submitRegistration(page, email);
  await page.waitForURL(`${baseUrl}/`);
  return email;
}

/** Picks a row's indicator in its combobox as a user does: type to filter, click the option. */
export async function chooseIndicator(page: Page, label: string, indicator: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  // Emptied first: typing the label already chosen would change nothing and open nothing.
  await box.fill('');
  await box.fill(indicator);
  await page.getByRole('listbox').getByRole('option', { name: indicator, exact: true }).click();
}

/** The visible time range a chart reports (unix seconds). */
export async function visibleRange(page: Page, chartName: RegExp) {
  const element = page.getByRole('img', { name: chartName }).locator('[data-visible-from]');
  const [from, to] = await Promise.all([
    element.getAttribute('data-visible-from'),
    element.getAttribute('data-visible-to'),
  ]);
  return { from: Number(from), to: Number(to) };
}
