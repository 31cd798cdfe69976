import { describe, expect, inject, it } from 'vitest';
import { field } from './browser';
import { previewAndSubmit } from './builder';
import { browserForFile, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('a strategy template in chromium', () => {
  it('opens the golden cross in the builder, and a changed symbol runs to a result', async () => {
    const { page, errors } = await signedInPage(browser(), 'template');
    await page.goto(`${baseUrl}/strategies/technical/golden-cross`);
    await page.getByRole('link', { name: 'Open in the builder' }).click();
    await page.waitForURL(`${baseUrl}/BacktestingForm`);
    await expect.poll(() => field(page, 'Entry crossover 1: indicator 1 Timeframe').inputValue()).toBe('50');
    expect(await field(page, 'Entry crossover 1: indicator 2 Timeframe').inputValue()).toBe('200');

    // The user changes only the symbol.
    await expect.poll(() => field(page, 'Stock').inputValue()).toBe('AAPL');
    await field(page, 'Stock').selectOption('MSFT');
    await previewAndSubmit(page);
    await page.getByRole('heading', { level: 1, name: 'MSFT (US), 1 day' }).waitFor();
    const rules = page.getByText('SMA (50) Crosses Above SMA (200)');
    expect(await rules.count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
