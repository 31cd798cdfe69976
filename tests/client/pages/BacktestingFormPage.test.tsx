import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_WARNING, fallbackErrorMessage } from '../../../src/shared/fallback-market';
import { CANDLESTICK_PATTERNS } from '../../../src/shared/candlestick-patterns';
import { COMMISSION_PRESETS } from '../../../src/shared/commission-presets';
import { DRAFT_KEY } from '../../../src/client/features/backtest-form/draft';
import { ADMIN_USER, BASIC_USER, renderRoute } from '../render-route';
import { fakeApi, jsonResponse } from '../fake-api';
import { RUN } from '../features/backtest-results/fixtures';

// The page is lazy-loaded: its first load on a busy machine can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const EXCHANGES = [
  { code: 'US', name: 'USA Stocks', country: 'USA', currency: 'USD' },
  { code: 'NSE', name: 'National Stock Exchange of India', country: 'India', currency: 'INR' },
  { code: 'LSE', name: 'London Stock Exchange', country: 'UK', currency: 'GBP' },
];
const stock = (code: string, name: string, exchange: string) => ({
  code,
  name,
  country: '',
  exchange,
  currency: '',
  type: 'Common Stock',
});
const STOCKS: Record<string, ReturnType<typeof stock>[]> = {
  US: [stock('AAPL', 'Apple Inc', 'US'), stock('MSFT', 'Microsoft Corporation', 'US')],
  NSE: [stock('TCS', 'Tata Consultancy Services', 'NSE'), stock('INFY', 'Infosys', 'NSE')],
  LSE: [],
};
const DATASETS = [
  {
    id: '3f2a9c1e-1111-4a4a-9b9b-123456789abc',
    name: 'BTC hourly',
    rows: 8760,
    from: '2024-01-01T00:00:00.000Z',
    to: '2024-12-31T23:00:00.000Z',
    timeframe: '1h',
  },
];

type Routes = Parameters<typeof fakeApi>[0];

/** The market API of a healthy provider, plus whatever a test adds or replaces. */
function marketApi(overrides: Routes = {}) {
  const routes: Routes = {
    'GET /api/market/exchanges': () => jsonResponse(200, { exchanges: EXCHANGES, source: 'provider' }),
    'GET /api/datasets': () => jsonResponse(200, { datasets: DATASETS }),
    'GET /api/usage': () => jsonResponse(200, { used: 2, limit: 5, resetsOn: '2026-12-01' }),
  };
  for (const [code, symbols] of Object.entries(STOCKS)) {
    routes[`GET /api/market/exchanges/${code}/symbols`] = () =>
      jsonResponse(200, { symbols, source: 'provider' });
  }
  return fakeApi({ ...routes, ...overrides });
}

const select = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;
const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
/** What a control's aria-describedby points at (hint | error), as a screen reader reads it. */
const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean)
    .join(' | ');

/** Opens the form and waits until the first exchange and its first stock are selected. */
async function openForm(user: typeof BASIC_USER | null = BASIC_USER) {
  const rendered = renderRoute('/BacktestingForm', { user });
  await screen.findByRole('heading', { level: 1, name: 'Backtesting simulator' });
  await waitFor(() => expect(select('Stock').value).toBe('AAPL'));
  return rendered;
}

/** Picks a row's indicator as a user does in its combobox: type to filter, click the option. */
async function chooseIndicator(user: ReturnType<typeof userEvent.setup>, name: string, label: string) {
  const box = combobox(name);
  await user.clear(box);
  await user.paste(label);
  await user.click(screen.getByRole('option', { name: label }));
}

/** Waits for the uploaded datasets to be listed, then picks them in the exchange select. */
async function chooseUploadedData(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() =>
    expect(
      within(select('Exchange')).getByRole('option', { name: 'Your uploaded datasets (1)' }),
    ).toHaveProperty('value', 'UPLOAD'),
  );
  await user.selectOptions(select('Exchange'), 'UPLOAD');
}

/** A valid strategy: SMA 10 Crosses Above SMA 20, and RSI Less Than 70, with a 5% stop. */
async function buildStrategy(user: ReturnType<typeof userEvent.setup>) {
  // A new crossover row is SMA 10 Crosses Above SMA 20 already.
  await user.selectOptions(select('Entry crossover conditions'), '1');
  await user.selectOptions(select('Entry value-based conditions'), '1');
  await user.selectOptions(select('Entry value 1: logic'), 'Less Than');
  await user.type(input('Entry value 1: number'), '70');
  await user.selectOptions(select('Stop loss type'), 'percentage');
  await user.type(input('Stop loss value'), '5');
}

/** The request the form should send for buildStrategy on US / AAPL. */
const BUILT_REQUEST = {
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

async function buildAndPreview(user: ReturnType<typeof userEvent.setup>) {
  await buildStrategy(user);
  await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
  await screen.findByRole('heading', { name: 'Review your parameters' });
}

afterEach(() => {
  // Unmount first: a builder still mounted could save its draft again after the clear.
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('exchange and stock selects', () => {
  it('are disabled and say so while loading, then select the first exchange and its first stock', async () => {
    let answerExchanges: ((res: Response) => void) | undefined;
    let answerStocks: ((res: Response) => void) | undefined;
    const calls = marketApi({
      'GET /api/market/exchanges': () => new Promise((resolve) => (answerExchanges = resolve)),
      'GET /api/market/exchanges/US/symbols': () => new Promise((resolve) => (answerStocks = resolve)),
    });
    renderRoute('/BacktestingForm', { user: BASIC_USER });
    await screen.findByRole('heading', { level: 1, name: 'Backtesting simulator' });

    expect(select('Exchange').disabled).toBe(true);
    expect(within(select('Exchange')).getByRole('option').textContent).toBe('Loading exchanges...');
    expect(select('Stock').disabled).toBe(true);
    expect(within(select('Stock')).getByRole('option').textContent).toBe('Choose an exchange first');

    // Answer only once the page has asked (its effects may still be on their way).
    await waitFor(() => expect(answerExchanges).toBeDefined());
    answerExchanges!(jsonResponse(200, { exchanges: EXCHANGES, source: 'provider' }));
    await waitFor(() => expect(select('Exchange').value).toBe('US'));
    expect(select('Exchange').disabled).toBe(false);
    expect(select('Stock').disabled).toBe(true);
    expect(within(select('Stock')).getByRole('option').textContent).toBe('Loading stocks...');

    await waitFor(() => expect(answerStocks).toBeDefined());
    answerStocks!(jsonResponse(200, { symbols: STOCKS.US, source: 'cache' }));
    await waitFor(() => expect(select('Stock').value).toBe('AAPL'));
    expect(select('Stock').disabled).toBe(false);
    expect(
      within(select('Stock'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['AAPL — Apple Inc', 'MSFT — Microsoft Corporation']);
    expect(calls.map((call) => call.url)).toContain('/api/market/exchanges/US/symbols');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('changing the exchange loads its stocks and selects the first', async () => {
    const user = userEvent.setup();
    const calls = marketApi();
    await openForm();
    await user.selectOptions(select('Exchange'), 'NSE');
    await waitFor(() => expect(select('Stock').value).toBe('TCS'));
    expect(calls.filter((call) => call.url === '/api/market/exchanges/NSE/symbols')).toHaveLength(1);

    await user.selectOptions(select('Stock'), 'INFY');
    expect(select('Stock').value).toBe('INFY');

    // Back to a list already loaded: its first stock at once, without asking again.
    await user.selectOptions(select('Exchange'), 'US');
    expect(select('Stock').value).toBe('AAPL');
    expect(calls.filter((call) => call.url === '/api/market/exchanges/US/symbols')).toHaveLength(1);
  });

  it('says so when an exchange has no stocks', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    await user.selectOptions(select('Exchange'), 'LSE');
    await waitFor(() =>
      expect(within(select('Stock')).getByRole('option').textContent).toBe(
        'No stocks available for this exchange',
      ),
    );
    expect(select('Stock').value).toBe('');
  });

  it('shows the fallback’s error banner and warning when the provider failed', async () => {
    const error = fallbackErrorMessage('HTTP error! Status: 500');
    marketApi({
      'GET /api/market/exchanges': () =>
        jsonResponse(200, { exchanges: EXCHANGES, source: 'fallback', error, warning: FALLBACK_WARNING }),
      'GET /api/market/exchanges/US/symbols': () =>
        jsonResponse(200, { symbols: STOCKS.US, source: 'fallback', error, warning: FALLBACK_WARNING }),
    });
    await openForm();
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    // The same texts from both lists show once each.
    expect(alerts).toEqual([
      'API Error: HTTP error! Status: 500. Using fallback data.',
      'Using fallback data due to API limitations. Real-time data will be available once API access is restored.',
    ]);
  });

  it('drops the provider banners while the source is the S&P 500 sample or an upload', async () => {
    const user = userEvent.setup();
    const error = fallbackErrorMessage(
      'Live market data is not connected on this server; showing sample data',
    );
    marketApi({
      'GET /api/market/exchanges': () =>
        jsonResponse(200, { exchanges: EXCHANGES, source: 'fallback', error, warning: FALLBACK_WARNING }),
      'GET /api/market/exchanges/US/symbols': () =>
        jsonResponse(200, { symbols: STOCKS.US, source: 'fallback', error, warning: FALLBACK_WARNING }),
    });
    await openForm();
    const banner = () => screen.queryByText(error);
    expect(banner()?.getAttribute('role')).toBe('alert');
    await user.selectOptions(select('Exchange'), 'INDX');
    expect(banner()).toBeNull();
    expect(screen.queryByText(FALLBACK_WARNING)).toBeNull();
    await chooseUploadedData(user);
    expect(banner()).toBeNull();
    await user.selectOptions(select('Exchange'), 'US');
    await waitFor(() => expect(banner()?.getAttribute('role')).toBe('alert'));
  });

  it('offers a retry when the exchange list cannot be loaded at all, and the sample meanwhile', async () => {
    const user = userEvent.setup();
    let fail = true;
    marketApi({
      'GET /api/market/exchanges': () =>
        fail
          ? jsonResponse(500, null, 'Internal Server Error')
          : jsonResponse(200, { exchanges: EXCHANGES, source: 'provider' }),
    });
    renderRoute('/BacktestingForm', { user: BASIC_USER });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The exchanges could not be loaded: Server error: 500 Internal Server Error',
    );
    expect(within(select('Exchange')).getByRole('option', { name: 'S&P 500 sample' })).toHaveProperty(
      'value',
      'INDX',
    );
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(select('Stock').value).toBe('AAPL'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when an exchange’s stocks cannot be loaded at all, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    marketApi({
      'GET /api/market/exchanges/NSE/symbols': () =>
        fail
          ? jsonResponse(503, null, 'Service Unavailable')
          : jsonResponse(200, { symbols: STOCKS.NSE, source: 'provider' }),
    });
    await openForm();
    await user.selectOptions(select('Exchange'), 'NSE');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The stocks of NSE could not be loaded: Server error: 503 Service Unavailable',
    );
    expect(select('Stock').disabled).toBe(true);
    expect(select('Stock').selectedOptions[0]?.textContent).toBe('The stocks could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(select('Stock').value).toBe('TCS'));
    expect(select('Stock').disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers the S&P 500 sample: daily bars only, with its dates a click away', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    await user.selectOptions(select('Exchange'), 'INDX');
    expect(select('Stock').value).toBe('GSPC');
    expect(select('Stock').selectedOptions[0]?.textContent).toBe('S&P 500, daily 2000-2020');
    expect(select('Timeframe').value).toBe('1 day');
    expect(within(select('Timeframe')).getByRole('option', { name: '15 min' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(description(select('Timeframe'))).toBe('This data has 1 day bars only.');
    await user.click(screen.getByRole('button', { name: 'Use these dates' }));
    expect(input('From date').value).toBe('2000-01-03');
    expect(input('To date').value).toBe('2020-04-17');
  });

  it('offers a signed-in user’s uploads as their own source, with the upload’s timeframe', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    await waitFor(() =>
      expect(select('Exchange').querySelector('optgroup[label="Your uploaded data"]')?.textContent).toBe(
        'Your uploaded datasets (1)',
      ),
    );
    await user.selectOptions(select('Exchange'), 'UPLOAD');
    expect(select('Stock').value).toBe(DATASETS[0]!.id);
    expect(select('Stock').selectedOptions[0]?.textContent).toBe('BTC hourly');
    expect(select('Timeframe').value).toBe('1 hour');
    expect(screen.getByText(/“BTC hourly” has 8,760 1 hour bars/).textContent?.trim()).toBe(
      '“BTC hourly” has 8,760 1 hour bars from 2024-01-01 to 2024-12-31.',
    );
    // Its dates come with it: the whole dataset, without a click on "Use these dates".
    expect(input('From date').value).toBe('2024-01-01');
    expect(input('To date').value).toBe('2024-12-31');
    expect(screen.queryByRole('button', { name: 'Use these dates' })).toBeNull();
  });

  it('shows a signed-in user how many of the month’s backtests are used, and when they reset', async () => {
    marketApi();
    await openForm();
    const meter = await screen.findByLabelText('Backtests this month');
    expect(meter.textContent).toBe('2 of 5 backtests used this month, resets on December 1, 2026.');
  });

  it('links the plans from the meter once the month’s backtests are used up, and says unlimited plans are so', async () => {
    marketApi({ 'GET /api/usage': () => jsonResponse(200, { used: 5, limit: 5, resetsOn: '2027-01-01' }) });
    const view = await openForm();
    const meter = await screen.findByLabelText('Backtests this month');
    expect(meter.textContent).toBe(
      '5 of 5 runs used; resets on Jan 1. A new backtest can run once the count resets, or on a larger plan. Compare plans',
    );
    expect(within(meter).getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/pricing');
    view.unmount();

    marketApi({
      'GET /api/usage': () => jsonResponse(200, { used: 1, limit: null, resetsOn: '2027-01-01' }),
    });
    await openForm();
    expect((await screen.findByLabelText('Backtests this month')).textContent).toBe(
      '1 backtest run this month; your plan has no monthly limit.',
    );
  });

  it('shows no meter to a visitor', async () => {
    const calls = marketApi();
    await openForm(null);
    expect(screen.queryByLabelText('Backtests this month')).toBeNull();
    expect(calls.some((call) => call.url === '/api/usage')).toBe(false);
  });

  it('does not ask for uploads when signed out', async () => {
    const calls = marketApi();
    await openForm(null);
    expect(calls.some((call) => call.url === '/api/datasets')).toBe(false);
    expect(select('Exchange').querySelector('optgroup[label="Your uploaded data"]')).toBeNull();
  });
});

describe('your uploaded data', () => {
  const UPLOADED = {
    id: '9d8c7b6a-2222-4b4b-8c8c-abcdefabcdef',
    name: 'My daily bars',
    rows: 300,
    from: '2024-01-01T00:00:00.000Z',
    to: '2024-10-26T00:00:00.000Z',
    timeframe: '1d',
  };
  const csvFile = (name = 'prices.csv', text = 'Date,Open,High,Low,Close\n2024-01-01,1,2,0.5,1.5\n') =>
    new File([text], name, { type: 'text/csv' });
  const uploadPanel = () => screen.getByRole('group', { name: 'Upload a CSV' });
  const posts = (calls: ReturnType<typeof marketApi>) =>
    calls.filter((call) => call.method === 'POST' && call.url.startsWith('/api/datasets'));

  it('is offered to signed-in users only', async () => {
    marketApi();
    const signedOut = await openForm(null);
    expect(screen.queryByRole('group', { name: 'Upload a CSV' })).toBeNull();
    expect(screen.queryByLabelText('CSV file')).toBeNull();
    signedOut.unmount();

    await openForm();
    const panel = uploadPanel();
    expect(within(panel).getByLabelText('CSV file').getAttribute('accept')).toBe('.csv,text/csv');
    const name = within(panel).getByLabelText('Dataset name (optional)') as HTMLInputElement;
    expect([name.type, name.value, name.maxLength, name.placeholder]).toEqual([
      'text',
      '',
      100,
      'The file’s name',
    ]);
    expect(panel.textContent).toContain('open, high, low, close and an optional volume');
    expect(panel.textContent).toContain('up to 20\u00a0MB');
  });

  it('uploads a CSV, says so, lists it and selects it with its timeframe and dates', async () => {
    const user = userEvent.setup();
    let answer: (res: Response) => void = () => {};
    const calls = marketApi({ 'POST /api/datasets': () => new Promise((resolve) => (answer = resolve)) });
    await openForm();
    await user.upload(input('CSV file'), csvFile());
    await user.type(input('Dataset name (optional)'), 'My daily bars');
    // Enter in the name uploads; it does not preview the strategy.
    await user.keyboard('{Enter}');

    expect(screen.getByRole('status').textContent).toBe('Uploading...');
    expect(within(uploadPanel()).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('heading', { name: 'Review your parameters' })).toBeNull();
    const [post] = posts(calls);
    expect(post?.url).toBe('/api/datasets?name=My%20daily%20bars');
    expect(((post?.body as FormData).get('file') as File).name).toBe('prices.csv');

    answer(jsonResponse(201, { dataset: UPLOADED }));
    await waitFor(() => expect(select('Exchange').value).toBe('UPLOAD'));
    expect(screen.getByRole('status').textContent).toBe(
      'Uploaded: “My daily bars” has 300 1 day bars from 2024-01-01 to 2024-10-26. It is now the selected data, with its dates filled in.',
    );
    expect(select('Stock').value).toBe(UPLOADED.id);
    expect(select('Stock').selectedOptions[0]?.textContent).toBe('My daily bars');
    expect(
      within(select('Stock'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['My daily bars', 'BTC hourly']);
    expect(select('Exchange').querySelector('optgroup[label="Your uploaded data"]')?.textContent).toBe(
      'Your uploaded datasets (2)',
    );
    expect(select('Timeframe').value).toBe('1 day');
    expect(input('From date').value).toBe('2024-01-01');
    expect(input('To date').value).toBe('2024-10-26');
    // Ready for the next file.
    expect(input('CSV file').files).toHaveLength(0);
    expect(input('Dataset name (optional)').value).toBe('');
    expect(within(uploadPanel()).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', false);
  });

  it('shows the server’s message next to the control and keeps the file for a retry', async () => {
    const user = userEvent.setup();
    let valid = false;
    const calls = marketApi({
      'POST /api/datasets': () =>
        valid
          ? jsonResponse(201, { dataset: { ...UPLOADED, name: 'prices.csv' } })
          : jsonResponse(400, {
              error: {
                code: 'invalid_request',
                message: 'The file is not valid OHLCV data: line 4: high 10.5 is below low 11',
                fields: [{ path: 'file', message: 'line 4: high 10.5 is below low 11' }],
              },
            }),
    });
    await openForm();
    await user.upload(input('CSV file'), csvFile());
    await user.click(within(uploadPanel()).getByRole('button', { name: 'Upload' }));

    const alert = await within(uploadPanel()).findByRole('alert');
    expect(alert.textContent).toBe('The file is not valid OHLCV data: line 4: high 10.5 is below low 11');
    expect(input('CSV file').files?.[0]?.name).toBe('prices.csv');
    expect(input('CSV file').getAttribute('aria-invalid')).toBe('true');
    expect(select('Exchange').value).toBe('US');
    expect(posts(calls)[0]?.url).toBe('/api/datasets');

    valid = true;
    await user.click(within(uploadPanel()).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(select('Stock').value).toBe(UPLOADED.id));
    expect(within(uploadPanel()).queryByRole('alert')).toBeNull();
    expect(posts(calls)).toHaveLength(2);
  });

  it('refuses a file over 20 MB before sending it, and a missing file', async () => {
    const user = userEvent.setup();
    const calls = marketApi();
    await openForm();
    await user.click(within(uploadPanel()).getByRole('button', { name: 'Upload' }));
    expect(within(uploadPanel()).getByRole('alert').textContent).toBe('Choose a CSV file to upload.');

    const huge = csvFile('minute-bars.csv', 'x'.repeat(20 * 1024 * 1024 + 1));
    await user.upload(input('CSV file'), huge);
    const refusal = '“minute-bars.csv” is 20.1 MB: files can be up to 20 MB. Upload a shorter date range.';
    expect(within(uploadPanel()).getByRole('alert').textContent).toBe(refusal);
    await user.click(within(uploadPanel()).getByRole('button', { name: 'Upload' }));
    expect(within(uploadPanel()).getByRole('alert').textContent).toBe(refusal);
    expect(posts(calls)).toEqual([]);

    // A file that fits clears the refusal.
    await user.upload(input('CSV file'), csvFile());
    expect(within(uploadPanel()).queryByRole('alert')).toBeNull();
  });

  it('says the server could not be reached on a network failure', async () => {
    const user = userEvent.setup();
    marketApi({
      'POST /api/datasets': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await openForm();
    await user.upload(input('CSV file'), csvFile());
    await user.click(within(uploadPanel()).getByRole('button', { name: 'Upload' }));
    expect((await within(uploadPanel()).findByRole('alert')).textContent).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
    expect(input('CSV file').files?.[0]?.name).toBe('prices.csv');
  });

  it('deletes the selected upload after a confirm step, and falls back to the first exchange', async () => {
    const user = userEvent.setup();
    const calls = marketApi({
      [`DELETE /api/datasets/${DATASETS[0]!.id}`]: () => new Response(null, { status: 204 }),
    });
    await openForm();
    expect(screen.queryByRole('button', { name: 'Delete this dataset' })).toBeNull();
    await chooseUploadedData(user);

    await user.click(screen.getByRole('button', { name: 'Delete this dataset' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(confirm.textContent).toContain('Delete “BTC hourly” for good?');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete this dataset' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete this dataset' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(select('Exchange').value).toBe('US'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/datasets/${DATASETS[0]!.id}`,
    ]);
    expect(select('Stock').value).toBe('AAPL');
    expect(select('Exchange').querySelector('optgroup[label="Your uploaded data"]')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Deleted “BTC hourly”.');
    expect(screen.queryByRole('button', { name: 'Delete this dataset' })).toBeNull();
    expect(document.activeElement).toBe(select('Exchange'));
  });

  it('keeps the dataset and says why when it could not be deleted', async () => {
    const user = userEvent.setup();
    marketApi({
      [`DELETE /api/datasets/${DATASETS[0]!.id}`]: () => jsonResponse(503, null, 'Service Unavailable'),
    });
    await openForm();
    await chooseUploadedData(user);
    await user.click(screen.getByRole('button', { name: 'Delete this dataset' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The dataset could not be deleted: Server error: 503 Service Unavailable',
    );
    expect(select('Exchange').value).toBe('UPLOAD');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete this dataset' }));
  });
});

describe('general parameters', () => {
  it('start at the spec’s defaults', async () => {
    marketApi();
    await openForm();
    expect(input('From date').value).toBe('2023-09-01');
    expect(input('To date').value).toBe('2023-09-03');
    expect(select('Timeframe').value).toBe('15 min');
    expect(
      within(select('Timeframe'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5 min', '15 min', '30 min', '1 hour', '1 day']);
    const direction = screen.getByRole('radiogroup', { name: 'Transaction type' });
    expect(within(direction).getByRole('radio', { name: 'Buy' }).getAttribute('aria-checked')).toBe('true');
    for (const name of [
      'Entry crossover conditions',
      'Entry value-based conditions',
      'Entry candlestick patterns',
    ]) {
      expect(select(name).value).toBe('0');
    }
    expect(screen.queryByLabelText('Exit candlestick patterns')).toBeNull();
  });
});

describe('condition rows', () => {
  it('count selects offer 0-8, 0-5 and 0-3, and a change rebuilds that list with default rows', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    const optionsOf = (name: string) =>
      within(select(name))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(optionsOf('Entry crossover conditions')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
    expect(optionsOf('Entry value-based conditions')).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(optionsOf('Entry candlestick patterns')).toEqual(['0', '1', '2', '3']);
    expect(optionsOf('Exit crossover conditions')).toHaveLength(9);
    expect(optionsOf('Exit value-based conditions')).toHaveLength(6);

    await user.selectOptions(select('Entry crossover conditions'), '2');
    expect(screen.getAllByRole('group', { name: /^Crossover \d$/ })).toHaveLength(2);
    // A new row is a strategy on its own: SMA 10 Crosses Above SMA 20.
    expect(combobox('Entry crossover 1: indicator 1').value).toBe('SMA');
    expect(input('Entry crossover 1: indicator 1 Timeframe').value).toBe('10');
    expect(select('Entry crossover 1: logic').value).toBe('Crosses Above');
    expect(combobox('Entry crossover 1: indicator 2').value).toBe('SMA');
    expect(input('Entry crossover 1: indicator 2 Timeframe').value).toBe('20');
    expect(
      within(select('Entry crossover 1: logic'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Greater Than', 'Less Than', 'Equals', 'Crosses Above', 'Crosses Below']);
    expect(combobox('Entry crossover 2: indicator 2').value).toBe('SMA');
    await user.selectOptions(select('Entry crossover 2: logic'), 'Less Than');

    await user.selectOptions(select('Entry crossover conditions'), '3');
    expect(screen.getAllByRole('group', { name: /^Crossover \d$/ })).toHaveLength(3);
    // Earlier entries are discarded.
    expect(select('Entry crossover 2: logic').value).toBe('Crosses Above');

    await user.selectOptions(select('Entry crossover conditions'), '0');
    expect(screen.queryByLabelText('Entry crossover 1: indicator 1')).toBeNull();

    await user.selectOptions(select('Entry candlestick patterns'), '2');
    expect(select('Entry candlestick 1: pattern').value).toBe(CANDLESTICK_PATTERNS[0].name);
    expect(within(select('Entry candlestick 2: pattern')).getAllByRole('option')).toHaveLength(61);

    await user.selectOptions(select('Exit value-based conditions'), '1');
    expect(combobox('Exit value 1: indicator').value).toBe('RSI');
    expect(select('Exit value 1: logic').value).toBe('Greater Than');
    expect(input('Exit value 1: number').value).toBe('');
  });

  it('shows the settings an indicator declares, with defaults as placeholders, and clears them on a change', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    await user.selectOptions(select('Entry crossover conditions'), '1');
    const period = input('Entry crossover 1: indicator 1 Timeframe');
    expect(period.placeholder).toBe('default 20');
    expect(period.value).toBe('10');

    await chooseIndicator(user, 'Entry crossover 1: indicator 2', 'MACD macd line');
    expect(input('Entry crossover 1: indicator 2 Fast Period').placeholder).toBe('default 12');
    expect(input('Entry crossover 1: indicator 2 Slow Period').placeholder).toBe('default 26');
    expect(input('Entry crossover 1: indicator 2 Signal Period').placeholder).toBe('default 9');
    await user.type(input('Entry crossover 1: indicator 2 Fast Period'), '8');

    await chooseIndicator(user, 'Entry crossover 1: indicator 1', 'EMA');
    expect(input('Entry crossover 1: indicator 1 Timeframe').value).toBe('');
    // The other side keeps its settings.
    expect(input('Entry crossover 1: indicator 2 Fast Period').value).toBe('8');

    await chooseIndicator(user, 'Entry crossover 1: indicator 1', 'Chaikin Oscillator');
    expect(input('Entry crossover 1: indicator 1 Long EMA Timeframe').placeholder).toBe('default 10');
    expect(input('Entry crossover 1: indicator 1 Short EMA Timeframe').placeholder).toBe('default 3');
    await chooseIndicator(user, 'Entry crossover 1: indicator 1', 'Close Price');
    expect(screen.queryByLabelText(/Entry crossover 1: indicator 1 /)).toBeNull();
  });
});

describe('exit criteria and advanced options', () => {
  it('exit criteria take none, percentage or points and a value; timing takes a time and one of four zones', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    for (const name of ['Target profit', 'Stop loss', 'Trailing stop loss']) {
      expect(select(`${name} type`).value).toBe('');
      expect(
        within(select(`${name} type`))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['None', 'Percentage (%)', 'Points']);
      expect(input(`${name} value`).disabled).toBe(true);
    }
    await user.selectOptions(select('Trailing stop loss type'), 'points');
    expect(input('Trailing stop loss value').disabled).toBe(false);
    expect(input('Exit timing time').type).toBe('time');
    const zones = within(select('Exit timing timezone'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    // The exchange's own zone first (the default), then the fixed zones.
    expect(zones[0]).toMatch(/^Exchange time \(.+\)$/);
    expect(zones.slice(1)).toEqual([
      'GMT (UTC)',
      'EST (New York)',
      'PST (Los Angeles)',
      'CET (Paris)',
      'IST (India)',
      'JST (Tokyo)',
      'HKT (Hong Kong)',
      'AEST (Sydney)',
      'SGT (Singapore)',
      'GST (Dubai)',
    ]);
  });

  it('advanced options start collapsed; ML mode notes the plans it needs', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    const toggle = screen.getByRole('button', { name: 'Advanced options' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Initial capital')).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(input('Initial capital').value).toBe('100000');
    expect(input('Commission (% per side)').value).toBe('0');
    expect(input('Slippage (points per fill)').value).toBe('0');
    expect(select('Combine entry conditions').value).toBe('all');
    expect(select('Combine exit conditions').value).toBe('all');
    expect(select('Position sizing').value).toBe('all-in-fractional');
    expect(screen.queryByText(/need the Pro or Enterprise plan/)).toBeNull();
    await user.selectOptions(select('Backtest mode'), 'ml');
    expect(description(select('Backtest mode'))).toBe(
      'Machine-learning backtests need the Pro or Enterprise plan. Compare plans',
    );
    expect(screen.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('does not tell a Professional user that ML needs the Professional plan', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm({ ...BASIC_USER, plan: 'pro' });
    await user.click(screen.getByRole('button', { name: 'Advanced options' }));
    await user.selectOptions(select('Backtest mode'), 'ml');
    expect(screen.queryByText(/need the Pro or Enterprise plan/)).toBeNull();
  });

  it('commission presets fill the commission; sizings that take a figure ask for it', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Advanced options' }));
    expect(select('Commission preset').value).toBe('');
    await user.selectOptions(select('Commission preset'), 'india-delivery');
    expect(input('Commission (% per side)').value).toBe('0.111');
    expect(description(input('Commission (% per side)'))).toBe(
      COMMISSION_PRESETS.find((preset) => preset.id === 'india-delivery')!.basis,
    );
    await user.clear(input('Commission (% per side)'));
    await user.type(input('Commission (% per side)'), '0.2');
    expect(select('Commission preset').value).toBe('');

    expect(screen.queryByLabelText('Size per trade')).toBeNull();
    await user.selectOptions(select('Position sizing'), 'risk-percent');
    expect(input('Size per trade').value).toBe('');
    expect(description(input('Size per trade'))).toBe(
      'Percent of equity lost if the stop loss is hit: units = equity × percent ÷ the stop’s distance from the entry.',
    );
    await user.selectOptions(select('Position sizing'), 'all-in-whole-units');
    expect(screen.queryByLabelText('Size per trade')).toBeNull();
  });
});

describe('preview', () => {
  it('validates first: errors at their fields and in a summary that links to them', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
    const summary = screen.getByRole('alert', { name: 'There is 1 problem to fix' });
    expect(summary.textContent).toContain('Entry conditions: add at least one entry condition');
    expect(document.activeElement).toBe(summary);

    await user.selectOptions(select('Entry value-based conditions'), '1');
    await user.selectOptions(select('Exit value-based conditions'), '1');
    await user.click(screen.getByRole('button', { name: 'Advanced options' }));
    await user.clear(input('Initial capital'));
    await user.type(input('Initial capital'), '-5');
    await user.click(screen.getByRole('button', { name: 'Advanced options' }));
    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));

    expect(screen.queryByRole('heading', { name: 'Review your parameters' })).toBeNull();
    const summaryAgain = screen.getByRole('alert', { name: 'There are 2 problems to fix' });
    const number = input('Entry value 1: number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(number.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('Enter a number');
    // Optional on exit.
    expect(input('Exit value 1: number').getAttribute('aria-invalid')).toBeNull();
    // The advanced panel opens itself to show its error.
    expect(input('Initial capital').getAttribute('aria-invalid')).toBe('true');

    await user.click(within(summaryAgain).getByRole('link', { name: 'Entry value 1: enter a number' }));
    expect(document.activeElement).toBe(number);
    await user.type(number, '30');
    expect(number.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the chosen values as a nested list without empties; Edit Parameters keeps everything', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    await user.selectOptions(select('Entry candlestick patterns'), '1');
    await user.selectOptions(select('Entry candlestick 1: pattern'), 'EngulfingPattern');
    await buildAndPreview(user);

    const list = screen.getByRole('list', { name: 'Chosen parameters' });
    const text = list.textContent ?? '';
    expect(text).toContain('Exchange: USA Stocks (US)');
    expect(text).toContain('Stock: AAPL — Apple Inc');
    expect(text).toContain('Indicator 1: SMA');
    expect(text).toContain('Timeframe: 10');
    expect(text).toContain('Logic: Crosses Above');
    expect(text).toContain('Number: 70');
    expect(text).toContain('Stop loss');
    expect(text).not.toContain('Target profit');
    expect(text).toContain('Candlestick 1Pattern: Engulfing Pattern');
    expect(text).not.toContain('Exit timing');
    expect(text).not.toContain('Trailing stop loss');
    // No exit rows: the exit side and its "combine" choice are left out.
    expect(text).not.toContain('Exit conditions');
    const entry = within(list).getByText('Entry conditions').closest('li')!;
    expect(within(entry).getByText(/^Crossover 1/).textContent).toBe('Crossover 1');
    expect(screen.queryByRole('button', { name: 'Preview Parameters' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit Parameters' }));
    expect(combobox('Entry crossover 1: indicator 1').value).toBe('SMA');
    expect(input('Entry crossover 1: indicator 2 Timeframe').value).toBe('20');
    expect(input('Entry value 1: number').value).toBe('70');
    expect(input('Stop loss value').value).toBe('5');
    expect(select('Stock').value).toBe('AAPL');
  });
});

describe('reset', () => {
  it('Reset Form clears everything to the defaults and forgets the draft', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    await user.selectOptions(select('Exchange'), 'NSE');
    await waitFor(() => expect(select('Stock').value).toBe('TCS'));
    await buildStrategy(user);
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    expect(sessionStorage.getItem(DRAFT_KEY)).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reset Form' }));
    expect(select('Exchange').value).toBe('US');
    expect(select('Stock').value).toBe('AAPL');
    expect(select('Entry crossover conditions').value).toBe('0');
    expect(select('Entry value-based conditions').value).toBe('0');
    expect(screen.queryByLabelText('Entry crossover 1: indicator 1')).toBeNull();
    expect(select('Stop loss type').value).toBe('');
    expect(input('Stop loss value').value).toBe('');
    expect(screen.getByRole('radio', { name: 'Buy' }).getAttribute('aria-checked')).toBe('true');
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('Reset Form in review mode returns to a fresh form', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    await buildAndPreview(user);
    await user.click(screen.getByRole('button', { name: 'Reset Form' }));
    expect(screen.getByRole('button', { name: 'Preview Parameters' })).toHaveProperty('disabled', false);
    expect(select('Entry crossover conditions').value).toBe('0');
  });
});

describe('submission', () => {
  it('sends the request, shows Submitting..., then resets and opens the result', async () => {
    const user = userEvent.setup();
    let answer: (res: Response) => void = () => {};
    const calls = marketApi({
      'POST /api/backtests': () => new Promise((resolve) => (answer = resolve)),
    });
    const { router } = await openForm();
    await buildAndPreview(user);
    await user.click(screen.getByRole('button', { name: 'Final Submit' }));

    expect(screen.getByRole('status').textContent).toBe('Submitting...');
    expect(screen.getByRole('region', { name: 'Review your parameters' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Final Submit' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Edit Parameters' })).toHaveProperty('disabled', true);
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/backtests');
    expect(post?.body).toEqual(BUILT_REQUEST);

    answer(jsonResponse(201, { id: 'run-42', result: RUN.result }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backtests/run-42'));
    expect((await screen.findByText(/submitted successfully/)).textContent).toBe(
      'Parameters submitted successfully!',
    );
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();

    // Back on the form, it starts afresh.
    await act(() => router.navigate('/BacktestingForm'));
    // The form page loads lazily again: on a loaded machine that alone has taken over 5 s.
    await waitFor(() => expect(select('Stock').value).toBe('AAPL'), { timeout: 15_000 });
    expect(select('Entry crossover conditions').value).toBe('0');
  }, 40_000);

  it('on 402 shows the upgrade message and stays in review mode', async () => {
    const user = userEvent.setup();
    marketApi({
      'POST /api/backtests': () =>
        jsonResponse(402, {
          error: {
            code: 'payment_required',
            message: 'Please upgrade your membership to generate backtesting results.',
          },
        }),
    });
    await openForm();
    await buildAndPreview(user);
    await user.click(screen.getByRole('button', { name: 'Final Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Please upgrade your membership to generate backtesting results. Compare plans',
    );
    expect(within(alert).getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toContain(
      'Review your parameters',
    );
    expect(screen.getByRole('button', { name: 'Final Submit' })).toHaveProperty('disabled', false);
  });

  it('on a non-OK answer without a message shows "Server error: {status} {statusText}"', async () => {
    const user = userEvent.setup();
    marketApi({ 'POST /api/backtests': () => jsonResponse(503, null, 'Service Unavailable') });
    await openForm();
    await buildAndPreview(user);
    await user.click(screen.getByRole('button', { name: 'Final Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Server error: 503 Service Unavailable');
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toContain(
      'Review your parameters',
    );
  });

  it('on 400 shows the message, and the field errors at their fields when editing', async () => {
    const user = userEvent.setup();
    marketApi({
      'POST /api/backtests': () =>
        jsonResponse(400, {
          error: {
            code: 'invalid_request',
            message: 'The request is not valid.',
            fields: [
              { path: 'entry.parameters.0.additionalFields1.Timeframe', message: 'Too long for this data' },
            ],
          },
        }),
    });
    await openForm();
    await buildAndPreview(user);
    await user.click(screen.getByRole('button', { name: 'Final Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The request is not valid.');

    await user.click(screen.getByRole('button', { name: 'Edit Parameters' }));
    const period = input('Entry crossover 1: indicator 1 Timeframe');
    expect(period.value).toBe('10');
    expect(period.getAttribute('aria-invalid')).toBe('true');
    // The field is described by its bounds hint and its error.
    const descriptions = period
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(descriptions).toContain('Too long for this data');
    expect(screen.getByRole('alert', { name: 'There is 1 problem to fix' }).textContent).toContain(
      'There is 1 problem to fix',
    );
  });

  it('on a network failure says the server could not be reached, keeps the inputs and retries', async () => {
    const user = userEvent.setup();
    let reachable = false;
    const calls = marketApi({
      'POST /api/backtests': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse(201, { id: 'run-7', result: RUN.result });
      },
    });
    const { router } = await openForm();
    await buildAndPreview(user);
    await user.click(screen.getByRole('button', { name: 'Final Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The server could not be reached. Check your connection and try again.',
    );
    expect(alert.textContent).not.toContain('upgrade');
    expect(screen.getByRole('list', { name: 'Chosen parameters' }).textContent).toContain('Number: 70');

    reachable = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backtests/run-7'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('signed out: asks to log in, keeps the inputs through the login round trip, then submits', async () => {
    const user = userEvent.setup();
    const calls = marketApi({
      'POST /api/backtests': () => jsonResponse(201, { id: 'run-9', result: RUN.result }),
    });
    const first = await openForm(null);
    expect(screen.getByRole('status').textContent).toContain(
      'You can build and preview a strategy without an account',
    );
    await buildAndPreview(user);
    await user.click(screen.getByRole('button', { name: 'Final Submit' }));

    const prompt = screen.getByRole('alert');
    expect(prompt.textContent).toContain('Log in to run this backtest.');
    expect(prompt.textContent).toContain('Your inputs are kept');
    const login = within(prompt).getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/LoginPage');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toMatchObject({ mode: 'review' });

    await user.click(login);
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/LoginPage'));
    expect(first.router.state.location.state).toEqual({ from: '/BacktestingForm' });
    first.unmount();

    // Signed in, back on the form: the inputs are there, in review, ready to submit.
    const second = renderRoute('/BacktestingForm', { user: BASIC_USER });
    await screen.findByRole('heading', { name: 'Review your parameters' });
    expect(screen.getByRole('list', { name: 'Chosen parameters' }).textContent).toContain('Number: 70');
    await user.click(screen.getByRole('button', { name: 'Final Submit' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/backtests/run-9'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual(BUILT_REQUEST);
  });

  it('a 401 (session expired) asks to log in too, and keeps the draft', async () => {
    const user = userEvent.setup();
    marketApi({
      'POST /api/backtests': () =>
        jsonResponse(401, { error: { code: 'unauthorized', message: 'Log in to continue.' } }),
    });
    await openForm();
    await buildAndPreview(user);
    await user.click(screen.getByRole('button', { name: 'Final Submit' }));
    const prompt = await screen.findByRole('alert');
    expect(prompt.textContent).toContain('Log in to run this backtest.');
    expect(within(prompt).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/LoginPage');
    expect(sessionStorage.getItem(DRAFT_KEY)).toContain('"number":"70"');
  });
});

describe('drafts and requests to edit', () => {
  it('restores an unsent draft in edit mode', async () => {
    const user = userEvent.setup();
    marketApi();
    const first = await openForm();
    await user.selectOptions(select('Exchange'), 'NSE');
    await waitFor(() => expect(select('Stock').value).toBe('TCS'));
    await user.selectOptions(select('Entry candlestick patterns'), '1');
    await user.selectOptions(select('Entry candlestick 1: pattern'), 'Doji');
    first.unmount();

    renderRoute('/BacktestingForm', { user: BASIC_USER });
    await waitFor(() => expect(select('Stock').value).toBe('TCS'));
    expect(select('Exchange').value).toBe('NSE');
    expect(select('Entry candlestick 1: pattern').value).toBe('Doji');
  });

  it('loads a request sent along by the history page (edit and re-run)', async () => {
    marketApi();
    const { router } = renderRoute('/', { user: BASIC_USER });
    await act(() =>
      router.navigate('/BacktestingForm', {
        state: {
          request: {
            ...BUILT_REQUEST,
            stock: 'MSFT',
            timeframe: '1 hour',
            entry: {
              ...BUILT_REQUEST.entry,
              valueBased: [{ indicator: 'MFI', logic: 'Equals', number: 20 }],
            },
          },
        },
      }),
    );
    await waitFor(() => expect(select('Exchange').value).toBe('US'));
    await waitFor(() => expect(select('Stock').value).toBe('MSFT'));
    expect(select('Timeframe').value).toBe('1 hour');
    expect(select('Entry crossover 1: logic').value).toBe('Crosses Above');
    expect(combobox('Entry value 1: indicator').value).toBe('MFI');
    expect(input('Entry value 1: number').value).toBe('20');
    // Consumed: a reload would not load it over later edits.
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });
});

describe('plan marks', () => {
  const PRO_USER = { ...BASIC_USER, id: 'u-pro', plan: 'pro' as const };
  const XETRA = { code: 'XETRA', name: 'Xetra', country: 'Germany', currency: 'EUR' };
  const withXetra = () =>
    marketApi({
      'GET /api/market/exchanges': () =>
        jsonResponse(200, { exchanges: [...EXCHANGES, XETRA], source: 'provider' }),
      'GET /api/market/exchanges/XETRA/symbols': () =>
        jsonResponse(200, { symbols: [stock('SAP', 'SAP SE', 'XETRA')], source: 'provider' }),
    });
  const optionTexts = () =>
    within(select('Exchange'))
      .getAllByRole('option')
      .map((option) => option.textContent);
  /** A day moved by whole years or days from today (UTC), as a date field shows it. */
  const fromToday = (years: number, days = 0) => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate() + days))
      .toISOString()
      .slice(0, 10);
  };

  it('Basic: marks the exchanges outside the plan, and says so when one is chosen', async () => {
    const user = userEvent.setup();
    withXetra();
    await openForm();
    expect(optionTexts()).toContain('Xetra (XETRA) · Pro');
    expect(optionTexts()).toContain('USA Stocks (US)');
    expect(optionTexts()).toContain('S&P 500 sample');
    expect(description(select('Exchange'))).toBe('');
    await user.selectOptions(select('Exchange'), 'XETRA');
    expect(description(select('Exchange'))).toBe(
      'Running a test on XETRA needs the Professional plan (the Basic plan covers 10 exchanges).',
    );
  });

  it("Basic: the date fields say the plan's history depth and delay for the provider's data only", async () => {
    const user = userEvent.setup();
    withXetra();
    await openForm();
    expect(description(input('From date'))).toBe(
      `The Basic plan tests 1 year of history: from ${fromToday(-1)}.`,
    );
    expect(description(input('To date'))).toBe(
      `The Basic plan's data is delayed by 7 days: until ${fromToday(0, -7)}.`,
    );
    await user.selectOptions(select('Exchange'), 'INDX');
    expect(description(input('From date'))).toBe('');
    expect(description(input('To date'))).toBe('');
  });

  it('no date hints on the fallback data, whose exchange list comes with an error', async () => {
    const error = fallbackErrorMessage('HTTP error! Status: 500');
    marketApi({
      'GET /api/market/exchanges': () =>
        jsonResponse(200, { exchanges: EXCHANGES, source: 'fallback', error, warning: FALLBACK_WARNING }),
    });
    await openForm();
    expect(description(input('From date'))).toBe('');
    expect(description(input('To date'))).toBe('');
  });

  it('Professional: no exchange marks, and its own history depth and delay', async () => {
    withXetra();
    await openForm(PRO_USER);
    expect(optionTexts()).toContain('Xetra (XETRA)');
    expect(optionTexts().some((text) => text?.includes('Pro'))).toBe(false);
    expect(description(input('From date'))).toBe(
      `The Professional plan tests 5 years of history: from ${fromToday(-5)}.`,
    );
    expect(description(input('To date'))).toBe(
      `The Professional plan's data is delayed by 3 days: until ${fromToday(0, -3)}.`,
    );
  });

  it('admins: no marks and no limits', async () => {
    withXetra();
    await openForm(ADMIN_USER);
    expect(optionTexts()).toContain('Xetra (XETRA)');
    expect(description(input('From date'))).toBe('');
    expect(description(input('To date'))).toBe('');
  });

  it('Basic: a pro indicator is marked, can be chosen, and its row says a run needs the upgrade', async () => {
    const user = userEvent.setup();
    marketApi();
    await openForm();
    await user.selectOptions(select('Entry crossover conditions'), '1');
    const box = combobox('Entry crossover 1: indicator 1');
    await user.clear(box);
    await user.paste('aroon up');
    await user.click(screen.getByRole('option', { name: 'Aroon Up Pro' }));
    expect(box.value).toBe('Aroon Up');
    expect(description(box)).toBe('Pro indicator: running this rule needs the Professional plan.');
    // Its settings come from the catalogue, with the bounds the request schema checks.
    const period = input('Entry crossover 1: indicator 1 Timeframe');
    expect(period.placeholder).toBe('default 14');
    expect(description(period)).toBe('2 to 10000 bars');
  });
});
