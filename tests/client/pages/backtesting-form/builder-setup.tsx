/**
 * What the builder page's tests share: a healthy market API (exchanges, stocks, datasets, usage),
 * the form's controls by label, and a valid strategy built and previewed as a user does it.
 */
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';

// The page is lazy-loaded: its first load on a busy machine can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

export const EXCHANGES = [
  { code: 'US', name: 'USA Stocks', country: 'USA', currency: 'USD' },
  { code: 'NSE', name: 'National Stock Exchange of India', country: 'India', currency: 'INR' },
  { code: 'LSE', name: 'London Stock Exchange', country: 'UK', currency: 'GBP' },
];
export const stock = (code: string, name: string, exchange: string) => ({
  code,
  name,
  country: '',
  exchange,
  currency: '',
  type: 'Common Stock',
});
export const STOCKS: Record<string, ReturnType<typeof stock>[]> = {
  US: [stock('AAPL', 'Apple Inc', 'US'), stock('MSFT', 'Microsoft Corporation', 'US')],
  NSE: [stock('TCS', 'Tata Consultancy Services', 'NSE'), stock('INFY', 'Infosys', 'NSE')],
  LSE: [],
};
export const DATASETS = [
  {
    id: '3f2a9c1e-1111-4a4a-9b9b-123456789abc',
    name: 'BTC hourly',
    rows: 8760,
    from: '2024-01-01T00:00:00.000Z',
    to: '2024-12-31T23:00:00.000Z',
    timeframe: '1h',
  },
];

/** Basic's cap, with BTC hourly's 1.5 MB stored. */
export const STORAGE = { files: 1, bytes: 1_572_864, maxFiles: 20, maxBytes: 50 * 1024 * 1024 };

type Routes = Parameters<typeof fakeApi>[0];

/** The market API of a healthy provider, plus whatever a test adds or replaces. */
export function marketApi(overrides: Routes = {}) {
  const routes: Routes = {
    'GET /api/market/exchanges': () => jsonResponse(200, { exchanges: EXCHANGES, source: 'provider' }),
    'GET /api/datasets': () => jsonResponse(200, { datasets: DATASETS, storage: STORAGE }),
    'GET /api/usage': () => jsonResponse(200, { used: 2, limit: 5, resetsOn: '2026-12-01' }),
  };
  for (const [code, symbols] of Object.entries(STOCKS)) {
    routes[`GET /api/market/exchanges/${code}/symbols`] = () =>
      jsonResponse(200, { symbols, source: 'provider' });
  }
  return fakeApi({ ...routes, ...overrides });
}

export const select = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;
export const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
export const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
/** What a control's aria-describedby points at (hint | error), as a screen reader reads it. */
export const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean)
    .join(' | ');

/** Opens the form and waits until the first exchange and its first stock are selected. */
export async function openForm(user: typeof BASIC_USER | null = BASIC_USER) {
  const rendered = renderRoute('/BacktestingForm', { user });
  await screen.findByRole('heading', { level: 1, name: 'Backtesting simulator' });
  await waitFor(() => expect(select('Stock').value).toBe('AAPL'));
  return rendered;
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

/** The request the form should send for buildStrategy on US / AAPL. */
export const BUILT_REQUEST = {
  exchange: 'US',
  stock: 'AAPL',
  fromDate: '2023-09-01',
  toDate: '2023-09-03',
  timeframe: '15 min',
  transactionType: 'buy',
  entry: {
    parameters: [
      {
        indicator1: 'SMA',
        logic: 'Crosses Above',
        indicator2: 'SMA',
        additionalFields1: { Timeframe: '10' },
        additionalFields2: { Timeframe: '20' },
      },
    ],
    valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '70', additionalFields: {} }],
    candleStick: [],
    combine: 'all',
  },
  exit: { parameters: [], valueBased: [], combine: 'all' },
  exitCriteria: {
    targetProfit: { type: '', value: '' },
    stopLoss: { type: 'percentage', value: '5' },
    trailingStopLoss: { type: '', value: '' },
    timing: { time: '', timezone: 'exchange' },
  },
  initialCapital: '100000',
  commission: '0',
  slippage: '0',
  mode: 'standard',
  sizing: 'all-in-fractional',
  priceAdjustment: 'splits-and-dividends',
};

export async function buildAndPreview(user: ReturnType<typeof userEvent.setup>) {
  await buildStrategy(user);
  await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
  await screen.findByRole('heading', { name: 'Review your parameters' });
}

/**
 * Loads the lazily loaded page (and everything it imports) once before a file's tests, so the
 * first test does not spend its waits on the module graph: give it `beforeAll(loadBuilderPage,
 * 60_000)`, a loaded machine's time for the first transform.
 */
export async function loadBuilderPage() {
  await import('../../../../src/client/pages/BacktestingFormPage');
}

/** After each test: unmount first, since a builder still mounted could save its draft again after the clear. */
export function cleanupBuilder() {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
}
