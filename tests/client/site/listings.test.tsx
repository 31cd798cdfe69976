import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../render-route';

const LISTINGS = [
  { path: '/features/Research', title: 'Research', count: 6, search: 'Search research by title' },
  { path: '/features/Press', title: 'Press', count: 4, search: 'Search press releases by title' },
  {
    path: '/features/technical',
    title: 'Technical strategies',
    count: 10,
    search: 'Search technical strategies by title',
  },
  {
    path: '/features/options',
    title: 'Options strategies',
    count: 10,
    search: 'Search options strategies by title',
  },
  {
    path: '/features/fundamental',
    title: 'Fundamental strategies',
    count: 10,
    search: 'Search fundamental strategies by title',
  },
  {
    path: '/features/quantitative',
    title: 'Quantitative strategies',
    count: 10,
    search: 'Search quantitative strategies by title',
  },
];

async function open(path: string, title: string) {
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: title });
  return view;
}

const cards = () => within(screen.getByRole('main')).queryAllByRole('heading', { level: 2 });

describe('listing pages', () => {
  it.each(LISTINGS)('$path shows $count cards with a subtitle and a labelled search box', async (listing) => {
    await open(listing.path, listing.title);
    expect(cards()).toHaveLength(listing.count);
    const searchbox = screen.getByRole('searchbox', { name: listing.search }) as HTMLInputElement;
    expect(searchbox.value).toBe('');
    expect(screen.getByRole('search').contains(searchbox)).toBe(true);
    expect(screen.getByRole('status').textContent).toMatch(new RegExp(`^${listing.count} `));
    await waitFor(() => expect(document.title).toBe(`${listing.title} | Backtest Studio`));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/\w+ \w+/);
  });

  it('filters cards by title, case-insensitively, as the visitor types', async () => {
    const user = userEvent.setup();
    await open('/features/technical', 'Technical strategies');
    const search = screen.getByRole('searchbox', { name: 'Search technical strategies by title' });
    await user.type(search, 'BOLLINGER');
    expect(cards().map((card) => card.textContent)).toEqual([
      'Bollinger Band mean reversion',
      'Bollinger Band breakout',
    ]);
    expect(screen.getByRole('status').textContent).toBe('2 of 10 strategies match');
    await user.clear(search);
    await user.type(search, 'cRoSs');
    expect(cards().map((card) => card.textContent)).toEqual([
      'Golden cross: 50-bar over 200-bar average',
      'EMA 9/21 crossover for swing trades',
      'MACD signal-line crossover',
      'Ichimoku tenkan/kijun cross above the cloud',
    ]);
  });

  it('searches titles only, and says so when nothing matches, with a way back', async () => {
    const user = userEvent.setup();
    await open('/features/Research', 'Research');
    const search = screen.getByRole('searchbox', { name: 'Search research by title' });
    // "López de Prado" is in the articles' text but in no title.
    await user.type(search, 'Prado');
    expect(cards()).toHaveLength(0);
    expect(screen.getByText(/^No article has/).textContent).toBe(
      'No article has “Prado” in its title. Try a shorter or different word.',
    );
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(cards()).toHaveLength(6);
    expect(document.activeElement).toBe(search);
  });

  it('shows the date and time of every press release, newest first', async () => {
    await open('/features/Press', 'Press');
    const times = within(screen.getByRole('main'))
      .getAllByRole('listitem')
      .map((card) => card.querySelector('time')?.parentElement?.textContent);
    expect(times).toEqual([
      '2 August 2025, 10:00 IST',
      '3 June 2025, 09:00 IST',
      '8 April 2025, 11:30 IST',
      '20 January 2025, 10:00 IST',
    ]);
  });

  it('notes that fundamental strategies need third-party market data', async () => {
    await open('/features/fundamental', 'Fundamental strategies');
    expect(screen.getByText(/These strategies require third-party market data/).textContent).toBe(
      'These strategies require third-party market data: company financials such as earnings, cash flow and analyst forecasts, which Backtest Studio’s price data does not include.',
    );
  });

  it.each([
    ['/features/Research', 'Research', '/research/'],
    ['/features/Press', 'Press', '/press/'],
    ['/features/technical', 'Technical strategies', '/strategies/technical/'],
    ['/features/options', 'Options strategies', '/strategies/options/'],
    ['/features/fundamental', 'Fundamental strategies', '/strategies/fundamental/'],
    ['/features/quantitative', 'Quantitative strategies', '/strategies/quantitative/'],
  ])('links every card of %s to its detail page', async (path, title, prefix) => {
    await open(path, title);
    for (const card of cards()) {
      expect(within(card).getByRole('link').getAttribute('href')).toMatch(
        new RegExp(`^${prefix}[a-z0-9-]+$`),
      );
    }
  });
});

describe('detail pages', () => {
  it('opens a press release from its card, with its date and time and a way back', async () => {
    const user = userEvent.setup();
    const { router } = await open('/features/Press', 'Press');
    await user.click(
      screen.getByRole('link', { name: 'Machine-learning backtesting arrives with walk-forward validation' }),
    );
    await screen.findByRole('heading', {
      level: 1,
      name: 'Machine-learning backtesting arrives with walk-forward validation',
    });
    expect(router.state.location.pathname).toBe('/press/machine-learning-backtesting');
    expect(screen.getByText('8 April 2025').parentElement?.textContent).toBe('8 April 2025, 11:30 IST');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Press' }).getAttribute('href')).toBe('/features/Press');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toContain(
      'More press releases',
    );
  });

  it('shows a technical strategy with its builder steps', async () => {
    renderRoute('/strategies/technical/golden-cross');
    await screen.findByRole('heading', { level: 1, name: 'Golden cross: 50-bar over 200-bar average' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toContain(
      'Build it in the strategy builder',
    );
    await waitFor(() =>
      expect(document.title).toBe('Golden cross: 50-bar over 200-bar average | Backtest Studio'),
    );
  });

  it('repeats the listing note on detail pages', async () => {
    renderRoute('/strategies/options/iron-condor');
    await screen.findByRole('heading', { level: 1, name: 'Iron condor' });
    expect(screen.getByText(/does not price options/).textContent).toBe(
      'The simulator trades the underlying instrument and does not price options. Each page says which part of the strategy’s view you can test on the underlying.',
    );
  });

  it.each([
    '/research/no-such-article',
    '/press/nope',
    '/strategies/technical/nope',
    '/strategies/crypto/golden-cross',
  ])('shows the 404 page for the unknown %s', async (path) => {
    renderRoute(path);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page not found');
  });
});
