/**
 * What the builder page's tests share: their hooks, the form opened on a healthy market API (see
 * `fake-market.ts`), the form's controls by label, and a valid strategy built and previewed as a
 * user does it. Importing this module sets up the hooks of the importing test file.
 */
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import type { User } from '../../../../src/shared/api/auth';
import { builderRequest, smaCrossing } from '../../../fixtures/requests';
import { type Routes, marketApi } from '../../fake-market';
import { BASIC_USER, renderRoute } from '../../render-route';

// The page is lazy-loaded: its first load on a busy machine can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Before the file's tests, the lazily loaded page and its form (and all they import) are loaded once, so
// the first test does not spend its waits on the module graph (with a loaded machine's time for
// the first transform).
beforeAll(async () => {
  await import('../../../../src/client/pages/BacktestingFormPage');
  await import('../../../../src/client/features/backtest-form/components/BacktestBuilder');
}, 60_000);

// After each test, the page is unmounted first, since a builder still mounted could save its
// draft again after the clear; then the stubbed fetch and the draft go.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

export const select = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;
export const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
export const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
/** The texts of a select's options, in their order. */
export const optionsOf = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((option) => option.textContent);
/** What a control's aria-describedby points at (hint | error), as a screen reader reads it. */
export const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean)
    .join(' | ');

/** Opens the form and waits until the first exchange and its first stock are selected. */
export async function openForm(account: User | null = BASIC_USER) {
  const rendered = renderRoute('/BacktestingForm', { user: account });
  await screen.findByRole('heading', { level: 1, name: 'Backtesting simulator' });
  await waitFor(() => expect(select('Stock').value).toBe('AAPL'));
  return rendered;
}

/**
 * A user-event session on the form opened by `account` (Basic by default) against the healthy
 * market API with a test's `routes` added or replaced. Returns the session, the API's calls and
 * the rendered page.
 */
export async function openBuilder(routes: Routes = {}, account: User | null = BASIC_USER) {
  const user = userEvent.setup();
  const calls = marketApi(routes);
  const rendered = await openForm(account);
  return { user, calls, ...rendered };
}

/** Picks a row's indicator as a user does in its combobox: type to filter, click the option. */
export async function chooseIndicator(user: ReturnType<typeof userEvent.setup>, name: string, label: string) {
  const box = combobox(name);
  await user.clear(box);
  await user.paste(label);
  await user.click(screen.getByRole('option', { name: label }));
}

/** Waits for the uploaded datasets to be listed, then picks them in the exchange select. */
export async function chooseUploadedData(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() =>
    expect(
      within(select('Exchange')).getByRole('option', { name: 'Your uploaded datasets (1)' }),
    ).toHaveProperty('value', 'UPLOAD'),
  );
  await user.selectOptions(select('Exchange'), 'UPLOAD');
}

/** A valid strategy: SMA 10 Crosses Above SMA 20, and RSI Less Than 70, with a 5% stop. */
export async function buildStrategy(user: ReturnType<typeof userEvent.setup>) {
  // A new crossover row is SMA 10 Crosses Above SMA 20 already.
  await user.selectOptions(select('Entry crossover conditions'), '1');
  await user.selectOptions(select('Entry value-based conditions'), '1');
  await user.selectOptions(select('Entry value 1: logic'), 'Less Than');
  await user.type(input('Entry value 1: number'), '70');
  await user.selectOptions(select('Stop loss type'), 'percentage');
  await user.type(input('Stop loss value'), '5');
}

/** The entry side the form sends for buildStrategy. */
export const BUILT_ENTRY = {
  parameters: [smaCrossing('Crosses Above')],
  valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '70', additionalFields: {} }],
  candleStick: [],
  combine: 'all',
};

/** The request the form should send for buildStrategy on US / AAPL. */
export const BUILT_REQUEST = builderRequest({
  entry: BUILT_ENTRY,
  exitCriteria: { ...builderRequest().exitCriteria, stopLoss: { type: 'percentage', value: '5' } },
});

export async function buildAndPreview(user: ReturnType<typeof userEvent.setup>) {
  await buildStrategy(user);
  await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
  await screen.findByRole('heading', { name: 'Review your parameters' });
}

/** Builds the strategy, previews it and sends it with Final Submit. */
export async function submitBuilt(user: ReturnType<typeof userEvent.setup>) {
  await buildAndPreview(user);
  await user.click(screen.getByRole('button', { name: 'Final Submit' }));
}
