import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../render-route';

/** Every public page (docs/product.md#screens-and-routes) and its one h1. */
const PAGES: [path: string, h1: string][] = [
  ['/pricing', 'Plans and pricing'],
  ['/blog', 'Blog'],
  ['/contact', 'Contact us'],
  ['/WhyBacktesting', 'Why backtesting?'],
  ['/LegalPage', 'Legal'],
  ['/terms', 'Terms and Privacy'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/features/Research', 'Research'],
  ['/features/Press', 'Press'],
  ['/features/technical', 'Technical strategies'],
  ['/features/options', 'Options strategies'],
  ['/features/fundamental', 'Fundamental strategies'],
  ['/features/quantitative', 'Quantitative strategies'],
  ['/features/support', 'Support'],
  ['/resources/documentation', 'Documentation'],
  ['/resources/community', 'Community'],
  ['/resources/tutorials', 'Tutorials'],
  ['/faq', 'Frequently asked questions'],
  ['/about-us', 'About us'],
  ['/careers', 'Careers'],
  ['/team', 'Our team'],
  ['/help', 'Help'],
  ['/research/deflated-sharpe-ratio', 'The deflated Sharpe ratio: adjusting for how hard you looked'],
  ['/press/overfitting-detection', 'Overfitting detection comes to every parameter sweep'],
  ['/strategies/quantitative/pairs-trading', 'Pairs trading'],
];

const DEFAULT_DESCRIPTION = 'The page you asked for does not exist.';

describe('every public page', () => {
  it.each(PAGES)(
    '%s has one h1, headings in order, a title, a description and labelled fields',
    async (path, h1) => {
      renderRoute(path);
      await screen.findByRole('heading', { level: 1, name: h1 });
      const main = screen.getByRole('main');
      expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);

      const levels = [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
      levels.forEach((level, index) => {
        if (index > 0)
          expect(
            level - levels[index - 1]!,
            `${path}: h${levels[index - 1]} then h${level}`,
          ).toBeLessThanOrEqual(1);
      });

      await waitFor(() => expect(document.title).toMatch(/ \| Backtest Studio$/));
      const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
      expect(description.length).toBeGreaterThan(20);
      expect(description).not.toBe(DEFAULT_DESCRIPTION);

      for (const field of main.querySelectorAll('input, select, textarea')) {
        expect(
          (field as HTMLInputElement).labels?.length ?? 0,
          `${path}: ${field.outerHTML}`,
        ).toBeGreaterThan(0);
      }
      expect(
        within(screen.getByRole('navigation', { name: 'Main' }))
          .getByRole('link', { name: 'Pricing' })
          .getAttribute('href'),
      ).toBe('/pricing');
      expect(screen.getByRole('contentinfo').textContent).not.toBe('');
    },
  );
});

describe('case-insensitive routes', () => {
  it.each([
    ['/features/Technical', 'Technical strategies'],
    ['/features/technical', 'Technical strategies'],
    ['/FEATURES/TECHNICAL', 'Technical strategies'],
    ['/features/Options', 'Options strategies'],
    ['/FEATURES/OPTIONS', 'Options strategies'],
    ['/features/Fundamental', 'Fundamental strategies'],
    ['/features/Quantitative', 'Quantitative strategies'],
    ['/features/research', 'Research'],
    ['/whybacktesting', 'Why backtesting?'],
    ['/legalpage', 'Legal'],
    ['/Strategies/Technical/Golden-Cross', 'Golden cross: 50-bar over 200-bar average'],
  ])('%s shows the %s page', async (path, h1) => {
    renderRoute(path);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(h1);
  });
});

describe('scrolling between pages', () => {
  it('starts a new page at its top, but not a change of tab or section', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderRoute('/LegalPage');
    await screen.findByRole('heading', { level: 1, name: 'Legal' });
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Refund Policy' }));
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'FAQ' }));
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    // The scroll is an effect of the new page's commit: it may come just after the page shows.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    scrollTo.mockRestore();
  });
});
