import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, openPage, useOwnClientAddress } from './browser';
import { WIDE, browserForFile } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('the header with a long display name', () => {
  it('shows the whole name at 1440 px, with the links still in the bar', async () => {
    const page = await openPage(browser(), { viewport: WIDE });
    const name = 'Alexandra Konstantinopoulou-Vanderberg Smith';
    await page.goto(`${baseUrl}/`);
    await useOwnClientAddress(page);
    const registered = await page.request.post(`${baseUrl}/api/auth/register`, {
      headers: { Origin: baseUrl },
      data: { email: `long-${Date.now()}@example.com`, password: PASSWORD, displayName: name },
    });
    expect(registered.status()).toBe(201);
    await page.goto(`${baseUrl}/backtests`);
    const welcome = page.getByText(`Welcome, ${name}`, { exact: true });
    await welcome.waitFor();
    const clipped = await welcome.evaluate(
      (element) =>
        element.scrollWidth > element.clientWidth || getComputedStyle(element).textOverflow === 'ellipsis',
    );
    expect(clipped).toBe(false);
    const box = (await welcome.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1440);
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Simulator' })
        .isVisible(),
    ).toBe(true);
  });
});
