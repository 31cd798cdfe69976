import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, openPage, signUp, submitLogin, useOwnClientAddress } from './browser';
import { browserForFile, watchedPage } from './flows';

const baseUrl = inject('baseUrl');
const root = new URL('../..', import.meta.url).pathname;
const browser = browserForFile();

async function logIn(page: Page, email: string) {
  await page.goto(`${baseUrl}/LoginPage`);
  await submitLogin(page, email);
  await page.waitForURL(`${baseUrl}/`);
}

describe('accounts in chromium', () => {
  it('register, log out, log in, admin redirect, grant admin with the script, dashboard', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    // Wide enough for an admin's full navigation row (narrower bars fold it into the menu).
    const { page, errors } = await watchedPage(browser());

    await page.goto(`${baseUrl}/`);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Log In / Sign Up' })
      .click();
    await page.waitForURL(`${baseUrl}/LoginPage`);
    await useOwnClientAddress(page);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Display name (optional)').fill('E2E Trader');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('Welcome, E2E Trader').waitFor();

    const cookie = (await page.context().cookies()).find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${baseUrl}/LoginPage`);
    await page.getByRole('link', { name: 'Log In / Sign Up' }).waitFor();

    await logIn(page, email);
    await page.getByText('Welcome, E2E Trader').waitFor();

    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);

    const grant = spawnSync('npm', ['run', '-s', 'admin', '--', 'grant', email], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(grant.status, grant.stderr).toBe(0);
    expect(grant.stdout).toContain(`${email} is now an admin`);

    // The role change ended the session: sign in again to pick up the new role.
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Log In / Sign Up' }).waitFor();
    await logIn(page, email);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.getByLabel(`Role of ${email}`).waitFor();
    expect(errors).toEqual([]);
  });

  it('folds the navigation into the menu when a signed-in row no longer fits, and never scrolls sideways', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    const menu = page.getByRole('button', { name: 'Menu' });
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Log In / Sign Up' }).waitFor();
    expect(await menu.isVisible()).toBe(false);

    const email = await signUp(page, baseUrl, 'a-rather-long-address-for-the-header');
    const welcome = page.getByText(/^Welcome, /);
    expect(await welcome.getAttribute('title')).toBe(email);

    for (const width of [1440, 1280, 1100, 961, 800, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(sideways, { message: `sideways scrolling at ${width} px` }).toBe(false);
      const bar = await page.locator('header').boundingBox();
      expect(bar?.height, `header height at ${width} px`).toBeLessThanOrEqual(72);
    }
    // Narrow: the links sit behind the menu button and still work.
    await menu.click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Your account' })
      .click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My backtests' }).click();
    await page.waitForURL(`${baseUrl}/backtests`);
    // Wide again: the full row comes back.
    await page.setViewportSize({ width: 1440, height: 800 });
    await expect.poll(() => menu.isVisible()).toBe(false);
  });

  it('shows the server’s message for a wrong password, above the button', async () => {
    const page = await openPage(browser());
    await page.goto(`${baseUrl}/LoginPage`);
    await submitLogin(page, 'nobody@example.com', 'wrong password');
    expect(await page.getByRole('alert').textContent()).toBe('Incorrect email or password.');
    await page.getByRole('button', { name: 'Sign In with Google' }).click();
    await page.getByText('Google sign-in is not configured').waitFor();
  });
});
