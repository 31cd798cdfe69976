/** The builder's data source: exchanges and stocks, the sample, the usage meter and the general parameters. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FALLBACK_WARNING, fallbackErrorMessage } from '../../../../src/shared/fallback-market';
import { BASIC_USER, renderRoute } from '../../render-route';
import { jsonResponse } from '../../fake-api';
import { DATASETS, EXCHANGES, STOCKS, fallbackRoutes, marketApi, stock } from '../../fake-market';
import { BINANCE_DATA_NOTE, SAMPLE_DATA_NOTE } from '../../../../src/shared/data-sources';
import { chooseUploadedData, description, input, openBuilder, optionsOf, select } from './builder-setup';

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
    // The form follows the heading once that is painted.
    await screen.findByLabelText('Exchange');

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
    expect(optionsOf('Stock')).toEqual(['AAPL — Apple Inc', 'MSFT — Microsoft Corporation']);
    expect(calls.map((call) => call.url)).toContain('/api/market/exchanges/US/symbols');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('changing the exchange loads its stocks and selects the first', async () => {
    const { user, calls } = await openBuilder();
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

  it('says where the chosen exchange’s prices come from: Binance’s own, not the sample-data note', async () => {
    const sample = { source: 'fallback', note: SAMPLE_DATA_NOTE };
    const binance = { code: 'BINANCE', name: 'Binance (spot, USDT pairs)', country: '', currency: 'USDT' };
    const { user } = await openBuilder({
      'GET /api/market/exchanges': () => jsonResponse(200, { exchanges: [...EXCHANGES, binance], ...sample }),
      'GET /api/market/exchanges/US/symbols': () =>
        jsonResponse(200, { symbols: STOCKS.US!.map((item) => ({ ...item, synthetic: true })), ...sample }),
      'GET /api/market/exchanges/BINANCE/symbols': () =>
        jsonResponse(200, {
          symbols: [stock('BTCUSDT', 'BTC / USDT', 'BINANCE')],
          source: 'provider',
          note: BINANCE_DATA_NOTE,
        }),
    });
    const notes = () => screen.getAllByRole('status').map((note) => note.textContent);
    expect(notes()).toContain(SAMPLE_DATA_NOTE);

    await user.selectOptions(select('Exchange'), 'BINANCE');
    await waitFor(() => expect(select('Stock').value).toBe('BTCUSDT'));
    expect(notes()).toContain(BINANCE_DATA_NOTE);
    expect(notes()).not.toContain(SAMPLE_DATA_NOTE);

    // The S&P 500 sample is sample data again.
    await user.selectOptions(select('Exchange'), 'INDX');
    expect(notes()).toContain(SAMPLE_DATA_NOTE);
  });

  it('says so when an exchange has no stocks', async () => {
    const { user } = await openBuilder();
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
    await openBuilder(fallbackRoutes(error));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    // The same texts from both lists show once each.
    expect(alerts).toEqual([
      'API Error: HTTP error! Status: 500. Using fallback data.',
      'Using fallback data due to API limitations. Real-time data will be available once API access is restored.',
    ]);
  });

  it('drops the provider banners while the source is the S&P 500 sample or an upload', async () => {
    const error = fallbackErrorMessage(
      'Live market data is not connected on this server; showing sample data',
    );
    const { user } = await openBuilder(fallbackRoutes(error));
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
    let fail = true;
    const { user } = await openBuilder({
      'GET /api/market/exchanges/NSE/symbols': () =>
        fail
          ? jsonResponse(503, null, 'Service Unavailable')
          : jsonResponse(200, { symbols: STOCKS.NSE, source: 'provider' }),
    });
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
    const { user } = await openBuilder();
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
    const { user } = await openBuilder();
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
    await openBuilder();
    const meter = await screen.findByLabelText('Backtests this month');
    expect(meter.textContent).toBe('2 of 5 backtests used this month, resets on December 1, 2026.');
  });

  it('links the plans from the meter once the month’s backtests are used up, and says unlimited plans are so', async () => {
    const view = await openBuilder({
      'GET /api/usage': () => jsonResponse(200, { used: 5, limit: 5, resetsOn: '2027-01-01' }),
    });
    const meter = await screen.findByLabelText('Backtests this month');
    expect(meter.textContent).toBe(
      '5 of 5 runs used; resets on Jan 1. A new backtest can run once the count resets, or on a larger plan. Compare plans',
    );
    expect(within(meter).getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/pricing');
    view.unmount();

    await openBuilder({
      'GET /api/usage': () => jsonResponse(200, { used: 1, limit: null, resetsOn: '2027-01-01' }),
    });
    expect((await screen.findByLabelText('Backtests this month')).textContent).toBe(
      '1 backtest run this month; your plan has no monthly limit.',
    );
  });

  it('shows no meter to a visitor', async () => {
    const { calls } = await openBuilder({}, null);
    expect(screen.queryByLabelText('Backtests this month')).toBeNull();
    expect(calls.some((call) => call.url === '/api/usage')).toBe(false);
  });

  it('does not ask for uploads when signed out', async () => {
    const { calls } = await openBuilder({}, null);
    expect(calls.some((call) => call.url === '/api/datasets')).toBe(false);
    expect(select('Exchange').querySelector('optgroup[label="Your uploaded data"]')).toBeNull();
  });
});

describe('general parameters', () => {
  it('start at the spec’s defaults', async () => {
    await openBuilder();
    expect(input('From date').value).toBe('2023-09-01');
    expect(input('To date').value).toBe('2023-09-03');
    expect(select('Timeframe').value).toBe('15 min');
    expect(optionsOf('Timeframe')).toEqual(['1 min', '5 min', '15 min', '30 min', '1 hour', '1 day']);
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
