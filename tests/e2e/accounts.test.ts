import { spawnSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, useOwnClientAddress, watchForErrors } from './browser';

const baseUrl = inject('baseUrl');
const root = new URL('../..', import.meta.url).pathname;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/LoginPage`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

describe('accounts in chromium', () => {
  it('register, log out, log in, admin redirect, grant admin with the script, dashboard', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const password = 'a long enough password';
    // Wide enough for an admin's full navigation row (narrower bars fold it into the menu).
    const page = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const errors = watchForErrors(page);

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
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('Welcome, E2E Trader').waitFor();

    const cookie = (await page.context().cookies()).find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${baseUrl}/LoginPage`);
    await page.getByRole('link', { name: 'Log In / Sign Up' }).waitFor();

    await logIn(page, email, password);
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
    await logIn(page, email, password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.getByLabel(`Role of ${email}`).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('folds the navigation into the menu when a signed-in row no longer fits, and never scrolls sideways', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const menu = page.getByRole('button', { name: 'Menu' });
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Log In / Sign Up' }).waitFor();
    expect(await menu.isVisible()).toBe(false);

    await useOwnClientAddress(page);
    await page.goto(`${baseUrl}/LoginPage`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    const email = `a-rather-long-address-for-the-header-${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${baseUrl}/`);
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
    await page.close();
  });

  it('shows the server’s message for a wrong password, above the button', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/LoginPage`);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Log In' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Incorrect email or password.');
    await page.getByRole('button', { name: 'Sign In with Google' }).click();
    await page.getByText('Google sign-in is not configured').waitFor();
    await page.close();
  });
});
