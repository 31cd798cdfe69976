import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../render-route';

describe('home page', () => {
  it('shows the hero, the four stats and the two hero buttons with their targets', () => {
    renderRoute('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Advanced Backtesting with Machine Learning',
    );
    expect(screen.getByRole('link', { name: 'Start Backtesting' }).getAttribute('href')).toBe(
      '/BacktestingForm',
    );
    expect(screen.getByRole('link', { name: 'Explore Features' }).getAttribute('href')).toBe(
      '/features/technical',
    );
    const stats = within(screen.getByRole('list', { name: 'Platform at a glance' })).getAllByRole('listitem');
    expect(stats.map((item) => item.textContent)).toEqual([
      '70+Exchanges',
      '10+Years of data',
      '100+Indicators',
      '50+Candlestick patterns',
    ]);
  });

  it('has the six feature cards, market coverage, technical tools, two approaches and the sign-up banner', () => {
    renderRoute('/');
    const features = screen.getByRole('heading', { name: 'Everything a backtest needs' }).closest('section')!;
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    const sectionTitles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sectionTitles).toEqual(
      expect.arrayContaining([
        'Market coverage',
        'Technical tools',
        'Two ways to backtest',
        // The sign-up banner promises a free trial only once the server says it gives one.
        'Start on the Basic plan',
      ]),
    );
    expect(document.title).toBe('Advanced Backtesting with Machine Learning | Backtest Studio');
  });

  it('wraps the page in the shared header and footer', () => {
    renderRoute('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Simulator' }).getAttribute('href')).toBe(
      '/BacktestingForm',
    );
    expect(within(nav).getByRole('link', { name: 'Log In / Sign Up' }).getAttribute('href')).toBe(
      '/LoginPage',
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms and Privacy' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(within(footer).getAllByRole('link', { name: /opens in a new tab/ })).toHaveLength(5);
    expect(footer.textContent).toContain('© 2025');
    expect(footer.textContent).toContain('GSTIN');
  });

  describe('the footer’s copyright years', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('run from 2025 to the current year', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2027, 2, 1));
      renderRoute('/');
      expect(screen.getByRole('contentinfo').textContent).toContain('© 2025–2027 ');
    });

    it('are 2025 alone in 2025', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2025, 5, 1));
      renderRoute('/');
      expect(screen.getByRole('contentinfo').textContent).toContain('© 2025 ');
    });
  });
});

describe('routing', () => {
  it('shows the 404 page for unknown routes, inside the header and footer', () => {
    renderRoute('/no/such/page');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(main.querySelector('code')?.textContent).toBe('/no/such/page');
    expect(screen.getByRole('banner').contains(screen.getByRole('navigation', { name: 'Main' }))).toBe(true);
    expect(screen.getByRole('contentinfo').textContent).not.toBe('');
  });

  it('declares no case-sensitive route, so capitalised spellings reach the same page', () => {
    const { router } = renderRoute('/');
    const flatten = (list: typeof router.routes): typeof router.routes =>
      list.flatMap((route) => [route, ...flatten(route.children ?? [])]);
    expect(flatten(router.routes).filter((route) => route.caseSensitive)).toEqual([]);
  });

  it('opens the Features menu from the keyboard and follows a capitalised link', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    const button = screen.getByRole('button', { name: /Features/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('link', { name: 'Technical' }));
    await screen.findByRole('heading', { level: 1, name: 'Technical strategies' });
    expect(router.state.location.pathname).toBe('/features/Technical');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes an open menu with Escape and returns focus to its button', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    const button = screen.getByRole('button', { name: /Resources/ });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});
