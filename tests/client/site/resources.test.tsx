import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CANDLESTICK_PATTERN_NAMES } from '../../../src/shared/candlestick-patterns';
import { CROSSOVER_INDICATOR_LABELS, VALUE_INDICATOR_LABELS } from '../../../src/shared/indicators';
import { SERVER_UNREACHABLE_MESSAGE } from '../../../src/client/lib/api-client';
import { renderRoute } from '../render-route';

/** Opens a page at `path` and waits for its title; returns a user-event session for it. */
async function open(path: string, title: string) {
  const user = userEvent.setup();
  renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: title });
  return user;
}

const categoryHeadings = () =>
  within(screen.getByRole('main'))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('documentation', () => {
  it('has six categories of expandable guides', async () => {
    await open('/resources/documentation', 'Documentation');
    expect(categoryHeadings()).toEqual([
      'Getting started',
      'The strategy builder',
      'Indicators',
      'Candlestick patterns',
      'Exits, fills and costs',
      'Results and metrics',
    ]);
    const fills = screen.getByText('How orders are filled').closest('details');
    expect(fills?.open).toBe(false);
    const text = fills?.textContent ?? '';
    expect(text).toContain('A signal on a bar’s close fills at the next bar’s open');
    expect(text).toContain('the stop is assumed to have been hit first');
    expect(text).toContain('the fill is at the open');
  });

  it('says what is still in development, and quotes the messages the app really shows', async () => {
    await open('/resources/documentation', 'Documentation');
    const guide = (id: string) => document.getElementById(id)?.textContent ?? '';
    expect(guide('machine-learning-mode')).toContain('Machine-learning mode (in development)');
    expect(guide('machine-learning-mode')).toContain('runs as a standard backtest');
    expect(guide('overfitting-checks')).toContain('are not on the results page yet');
    expect(guide('messages')).toContain(SERVER_UNREACHABLE_MESSAGE);
    expect(guide('messages')).toContain('Please upgrade your membership to generate backtesting results.');
  });

  it('opens the guide a link names in its fragment', async () => {
    await open('/resources/documentation#exit-timing', 'Documentation');
    await waitFor(() =>
      expect((document.getElementById('exit-timing') as HTMLDetailsElement).open).toBe(true),
    );
    expect((document.getElementById('fills') as HTMLDetailsElement).open).toBe(false);
  });

  it('explains every indicator and every candlestick pattern of the builder', async () => {
    await open('/resources/documentation', 'Documentation');
    const rowHeaders = new Set(
      screen.getAllByRole('rowheader', { hidden: true }).map((cell) => cell.textContent),
    );
    for (const label of [
      ...CROSSOVER_INDICATOR_LABELS,
      ...VALUE_INDICATOR_LABELS,
      ...CANDLESTICK_PATTERN_NAMES,
    ]) {
      expect(rowHeaders, label).toContain(label);
    }
  });

  it('filters guides as the visitor types, hiding empty categories', async () => {
    const user = await open('/resources/documentation', 'Documentation');
    await user.type(screen.getByRole('searchbox', { name: 'Search the documentation' }), 'DEFLATED');
    expect(categoryHeadings()).toEqual(['Results and metrics']);
    expect(screen.getByText(/^Overfitting detection/).textContent).toBe(
      'Overfitting detection and suggestions (in development)',
    );
    expect(screen.getByRole('status').textContent).toMatch(/^1 of \d+ guides match$/);
    await user.clear(screen.getByRole('searchbox', { name: 'Search the documentation' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the documentation' }), 'zzzz');
    expect(categoryHeadings()).toEqual([]);
    expect(screen.getByText(/^No guide mentions/).textContent).toBe('No guide mentions “zzzz”.');
  });
});

describe('tutorials', () => {
  it('has five categories of cards with duration, level and format, three tracks and pro tips', async () => {
    await open('/resources/tutorials', 'Tutorials');
    expect(categoryHeadings()).toEqual([
      'Getting started',
      'Technical strategies',
      'Risk and exits',
      'Realistic results',
      'Machine learning and robustness',
      'Learning tracks',
      'Pro tips',
    ]);
    const first = screen.getByRole('heading', { level: 3, name: 'Your first backtest' }).closest('li');
    expect(first?.textContent).toContain('Duration10 min');
    expect(first?.textContent).toContain('LevelBeginner');
    expect(first?.textContent).toContain('FormatWalkthrough');
    const tracks = screen.getByRole('region', { name: 'Learning tracks' });
    expect(within(tracks).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    for (const link of within(tracks).getAllByRole('link')) {
      expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
    }
  });

  it('filters by title and by category', async () => {
    const user = await open('/resources/tutorials', 'Tutorials');
    await user.type(screen.getByRole('searchbox', { name: 'Search tutorials by title' }), 'STOP');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Stops and targets that fit the instrument',
      'Trailing stops versus fixed targets',
      'First steps',
      'Building better rules',
      'Robust and machine-learning strategies',
    ]);
    await user.clear(screen.getByRole('searchbox', { name: 'Search tutorials by title' }));
    await user.click(screen.getByRole('radio', { name: 'Realistic results' }));
    expect(categoryHeadings().slice(0, -2)).toEqual(['Realistic results']);
    expect(screen.getByRole('status').textContent).toBe('3 of 15 tutorials shown');
  });

  it('shows every card again when a learning track links to one the filters hide', async () => {
    const user = await open('/resources/tutorials', 'Tutorials');
    await user.type(screen.getByRole('searchbox', { name: 'Search tutorials by title' }), 'STOP');
    expect(document.getElementById('first-backtest')).toBeNull();
    const tracks = screen.getByRole('region', { name: 'Learning tracks' });
    await user.click(within(tracks).getAllByRole('link')[0]!);
    expect(document.getElementById('first-backtest')).not.toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search tutorials by title' })).toHaveProperty('value', '');
  });
});

describe('community', () => {
  it('switches between its three tabs with the keyboard', async () => {
    const user = await open('/resources/community', 'Community');
    const tabs = within(screen.getByRole('tablist', { name: 'Community sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Discussion Forum',
      'Strategy Sharing',
      'Events & Webinars',
    ]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[0]?.id);
    tabs[0]?.focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tabs[2]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[2]?.id);
    expect(
      within(panel)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toContain('Monthly sessions');
    await user.keyboard('{ArrowRight}');
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it('filters discussions by title and links its buttons somewhere real', async () => {
    const user = await open('/resources/community', 'Community');
    await user.type(screen.getByRole('searchbox', { name: 'Search discussions by title' }), 'crosses above');
    expect(screen.getByRole('status').textContent).toBe('1 of 7 discussions match');
    await user.click(screen.getByRole('tab', { name: 'Strategy Sharing' }));
    expect(screen.getByRole('link', { name: 'Share a strategy' }).getAttribute('href')).toBe(
      '/contact?subject=community',
    );
    expect(screen.getByRole('link', { name: 'Read the golden cross strategy' }).getAttribute('href')).toBe(
      '/strategies/technical/golden-cross',
    );
  });
});

describe('support', () => {
  it('has the three topic tabs, and a search that replaces them with results', async () => {
    const user = await open('/features/support', 'Support');
    const tabs = within(screen.getByRole('tablist', { name: 'Help topics' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Getting Started',
      'Backtesting Features',
      'Account Management',
    ]);
    await user.click(tabs[2]!);
    expect(screen.getByRole('tabpanel', { name: 'Account Management' }).textContent).toContain(
      'How do I change my plan?',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search the help centre' }), 'FALLBACK');
    expect(screen.queryByRole('tablist')).toBeNull();
    const results = screen.getByRole('heading', { level: 2, name: 'Search results' }).closest('section')!;
    expect(results.textContent).toContain('Why do I see "Using fallback data"?');
  });
});
