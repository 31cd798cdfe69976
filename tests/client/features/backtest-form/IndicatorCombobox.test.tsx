import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { IndicatorCombobox } from '../../../../src/client/features/backtest-form/components/IndicatorCombobox';
import {
  INDICATOR_OPTION_GROUPS,
  STANDARD_GROUP,
} from '../../../../src/client/features/backtest-form/indicator-options';
import { indicatorOutsidePlan } from '../../../../src/client/features/backtest-form/plan-marks';
import { catalogueEntry } from '../../../../src/shared/indicator-catalogue';
import { VALUE_INDICATOR_LABELS } from '../../../../src/shared/indicators';
import { planById } from '../../../../src/shared/plans';

/** A value row's picker with its state, and the labels it was changed to. */
function Picker({ plan = 'pro', changes }: { plan?: string; changes: string[] }) {
  const [value, setValue] = useState('RSI');
  return (
    <>
      <IndicatorCombobox
        path="entry.valueBased.0.indicator"
        groups={INDICATOR_OPTION_GROUPS.value}
        value={value}
        onChange={(label) => {
          changes.push(label);
          setValue(label);
        }}
        outsidePlan={(entry) => indicatorOutsidePlan(planById(plan), entry)}
      />
      <button type="button">Next field</button>
    </>
  );
}

function setup(plan?: string) {
  const changes: string[] = [];
  const user = userEvent.setup();
  render(<Picker plan={plan} changes={changes} />);
  const box = screen.getByRole('combobox', { name: 'Entry value 1: indicator' }) as HTMLInputElement;
  return { user, box, changes };
}

const active = (box: HTMLElement) => {
  const id = box.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};
const activeName = (box: HTMLElement) => active(box)?.querySelector('span > span')?.textContent;

afterEach(cleanup);

describe('indicator combobox', () => {
  it('is a combobox that controls a listbox of labelled groups of options', async () => {
    const { user, box } = setup();
    expect(box.value).toBe('RSI');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.click(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-labelledby') && group.textContent).length).toBe(
      INDICATOR_OPTION_GROUPS.value.length,
    );
    expect(screen.getByRole('group', { name: STANDARD_GROUP })).toBe(groups[0]);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map(
          (option) =>
            option.getAttribute('aria-labelledby') && option.querySelector('span > span')?.textContent,
        ),
    ).toEqual(VALUE_INDICATOR_LABELS);
    // Every option says what it is in one line.
    const rsi = screen.getByRole('option', { name: 'RSI' });
    expect(rsi.getAttribute('aria-selected')).toBe('true');
    expect(document.getElementById(rsi.getAttribute('aria-describedby')!)?.textContent).toBe(
      catalogueEntry('RSI')!.description,
    );
  });

  it('filters as the user types, by label and by group, case-insensitively', async () => {
    const { user, box } = setup();
    await user.click(box);
    await user.keyboard('aROOn');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options.length).toBeGreaterThanOrEqual(3);
    expect(options.every((text) => /aroon/i.test(text ?? ''))).toBe(true);
    expect(screen.getAllByRole('group').map((group) => group.getAttribute('aria-labelledby'))).toHaveLength(
      1,
    );
    expect(
      within(screen.getByRole('group', { name: 'Momentum Indicators' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(options);

    await user.clear(box);
    await user.keyboard('cycle indicators');
    expect(screen.getAllByRole('group')).toHaveLength(1);
    const cycle = within(screen.getByRole('group', { name: 'Cycle Indicators' })).getAllByRole('option');
    expect(cycle.length).toBeGreaterThan(0);
    expect(cycle).toEqual(screen.getAllByRole('option'));

    await user.clear(box);
    await user.keyboard('zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('listbox').textContent).toBe('No indicator matches.');
  });

  it('moves with the arrows, Home and End, picks with Enter, and shows the active formula', async () => {
    const { user, box, changes } = setup();
    box.focus();
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    // Opens on the chosen indicator.
    expect(activeName(box)).toBe('RSI');
    await user.keyboard('{ArrowDown}');
    expect(activeName(box)).toBe('Stochastic %K');
    expect(screen.getByText(catalogueEntry('Stochastic %K')!.formula, { exact: false }).textContent).toBe(
      `Stochastic %K: ${catalogueEntry('Stochastic %K')!.formula}`,
    );
    await user.keyboard('{End}');
    const options = screen.getAllByRole('option');
    expect(active(box)).toBe(options[options.length - 1]);
    await user.keyboard('{Home}');
    expect(active(box)).toBe(options[0]);
    await user.keyboard('{ArrowUp}');
    expect(active(box)).toBe(options[options.length - 1]);
    await user.keyboard('{Home}{ArrowDown}{ArrowDown}{Enter}');
    expect(changes).toEqual(['Stochastic %D']);
    expect(box.value).toBe('Stochastic %D');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(
      box.hasAttribute('aria-activedescendant') && box.getAttribute('aria-activedescendant') !== '',
    ).toBe(false);
  });

  it('Escape closes the list and puts the chosen indicator back; Tab leaves', async () => {
    const { user, box, changes } = setup();
    await user.click(box);
    await user.keyboard('mfi');
    expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('RSI');
    // A second Escape (list closed) keeps it too.
    await user.keyboard('{Escape}');
    expect(box.value).toBe('RSI');
    expect(changes).toEqual([]);

    await user.keyboard('macd');
    await user.tab();
    // Focus moves on (to the chosen indicator's "i" button); the half-typed filter is dropped.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'About RSI' }));
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('RSI');
    expect(changes).toEqual([]);
  });

  it('marks pro entries for a Basic user only, and still lets them be picked', async () => {
    const basic = setup('basic');
    await basic.user.click(basic.box);
    await basic.user.keyboard('aroon up');
    const option = screen.getByRole('option', { name: 'Aroon Up Pro' });
    expect(option.getAttribute('aria-disabled')).not.toBe('true');
    await basic.user.keyboard('{ArrowDown}');
    expect(active(basic.box)).toBe(option);
    expect(option.parentElement!.parentElement!.parentElement!.nextElementSibling?.textContent).toBe(
      `Aroon Up: ${catalogueEntry('Aroon Up')!.formula} Needs the Professional plan to run.`,
    );
    // "aroon up" also finds the Aroon Oscillator by its description; each pro option has one badge.
    expect(screen.getAllByRole('option')[0]).toBe(option);
    expect(screen.queryAllByText('Pro').length).toBe(screen.getAllByRole('option').length);
    await basic.user.click(option);
    expect(basic.changes).toEqual(['Aroon Up']);
    cleanup();

    const pro = setup('pro');
    await pro.user.click(pro.box);
    await pro.user.keyboard('aroon up');
    // The name without the mark, then the line's description.
    expect(screen.getByRole('option', { name: 'Aroon Up' }).textContent).toBe(
      'Aroon UpHow recent the highest high is, 0 to 100.',
    );
    expect(screen.queryByText('Pro')).toBeNull();
    // The builder's standard set carries no mark on any plan.
    cleanup();
    const basicAgain = setup('basic');
    await basicAgain.user.click(basicAgain.box);
    const standard = screen.getByRole('group', { name: STANDARD_GROUP });
    expect(within(standard).queryByText('Pro')).toBeNull();
  });

  it("has an 'i' tooltip with the chosen indicator's description and formula", async () => {
    const { user } = setup();
    const info = screen.getByRole('button', { name: 'About RSI' });
    await user.hover(info);
    const entry = catalogueEntry('RSI')!;
    expect(screen.getByRole('tooltip').textContent).toBe(`${entry.description} Formula: ${entry.formula}`);
  });
});
