import { describe, expect, it } from 'vitest';
import { field } from './browser';
import { openBuilder, periodFields, previewAndSubmit, setFields } from './builder';
import { PHONE, browserForFile, horizontalOverflow, signedInPage, watchedPage } from './flows';

const browser = browserForFile();

describe('searching the indicator catalogue in chromium', () => {
  it('a pro user finds "Aroon" in the grouped list, builds a rule with Aroon Up, runs it and sees the rule', async () => {
    const { page, errors } = await signedInPage(browser(), 'aroon', { plan: 'pro' });
    await openBuilder(page);
    await setFields(page, {
      ...periodFields('1 day', '2022-01-01', '2023-12-31'),
      'Entry value-based conditions': '1',
    });
    const box = page.getByRole('combobox', { name: 'Entry value 1: indicator', exact: true });
    await box.click();
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    await box.pressSequentially('Aroon');
    const listbox = page.getByRole('listbox');
    await expect
      .poll(async () =>
        (await listbox.getByRole('option').allTextContents()).every((text) => /aroon/i.test(text)),
      )
      .toBe(true);
    const names = await listbox
      .getByRole('group')
      .evaluateAll((groups) =>
        groups.map((group) => document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent),
      );
    expect(names).toEqual(['Momentum Indicators']);
    const aroonUp = listbox.getByRole('option', { name: 'Aroon Up', exact: true });
    // A pro user sees no plan badge.
    expect(await aroonUp.textContent()).not.toContain('Pro');
    await box.press('ArrowDown');
    await expect.poll(() => box.getAttribute('aria-activedescendant')).toBe(await aroonUp.getAttribute('id'));
    await box.press('Enter');
    expect(await box.inputValue()).toBe('Aroon Up');
    await setFields(page, {
      'Entry value 1: Timeframe': '14',
      'Entry value 1: logic': 'Greater Than',
      'Entry value 1: number': '70',
      'Exit value-based conditions': '1',
      'Exit value 1: indicator': 'Aroon Up',
      'Exit value 1: Timeframe': '14',
      'Exit value 1: logic': 'Less Than',
      'Exit value 1: number': '30',
    });

    await previewAndSubmit(page);
    await page.getByRole('heading', { level: 1, name: 'AAPL (US), 1 day' }).waitFor();
    const tested = page.getByRole('region', { name: 'What was tested' });
    await tested.getByText('Aroon Up (14) Greater Than 70').waitFor();
    await tested.getByText('Aroon Up (14) Less Than 30').waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('fits a 375 px phone with the list open', async () => {
    const { page, errors } = await watchedPage(browser(), PHONE);
    await openBuilder(page);
    await field(page, 'Entry crossover conditions').selectOption('1');
    const box = page.getByRole('combobox', { name: 'Entry crossover 1: indicator 1', exact: true });
    await box.click();
    await box.pressSequentially('channel');
    const listbox = page.getByRole('listbox');
    // A visitor sees the Basic plan's marks on the pro entries.
    await listbox.getByRole('option', { name: 'Keltner Channel Upper Pro', exact: true }).waitFor();
    expect(await listbox.getByText('Pro', { exact: true }).count()).toBe(
      await listbox.getByRole('option').count(),
    );
    await box.press('ArrowDown');
    await box.scrollIntoViewIfNeeded();
    const popup = await listbox.boundingBox();
    expect(popup!.x).toBeGreaterThanOrEqual(0);
    expect(popup!.x + popup!.width).toBeLessThanOrEqual(375);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);
});
