/** The builder's draft (kept across a login) and the request the history page sends to edit. */
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BASIC_USER, renderRoute } from '../../render-route';
import { marketApi } from '../../fake-market';
import { BUILT_ENTRY, BUILT_REQUEST, combobox, input, openBuilder, select } from './builder-setup';

describe('drafts and requests to edit', () => {
  it('restores an unsent draft in edit mode', async () => {
    const { user, unmount } = await openBuilder();
    await user.selectOptions(select('Exchange'), 'NSE');
    await waitFor(() => expect(select('Stock').value).toBe('TCS'));
    await user.selectOptions(select('Entry candlestick patterns'), '1');
    await user.selectOptions(select('Entry candlestick 1: pattern'), 'Doji');
    unmount();

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
              ...BUILT_ENTRY,
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
