import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LISTINGS } from '../../../src/client/features/site/content/listings';
import { STRATEGY_TEMPLATES } from '../../../src/client/features/site/content/strategy-templates';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { renderRoute } from '../render-route';
import { fakeApi } from '../fake-api';
import { marketApi } from '../fake-market';

afterEach(() => {
  vi.unstubAllGlobals();
});

const buildable = ['technical', 'quantitative'] as const;

describe('strategy templates', () => {
  it('exist for every strategy page that explains how to build it (the ML classifier aside), and are valid requests', () => {
    const withBuildSteps = buildable.flatMap((id) =>
      LISTINGS[id].items
        .filter((item) => item.body.some((section) => section.id === 'build'))
        .map((item) => item.slug),
    );
    expect(withBuildSteps.filter((slug) => slug !== 'machine-learning-classifier').sort()).toEqual(
      Object.keys(STRATEGY_TEMPLATES).sort(),
    );
    for (const [slug, template] of Object.entries(STRATEGY_TEMPLATES)) {
      const parsed = backtestRequestSchema.safeParse(template);
      expect(
        parsed.success ? [] : parsed.error.issues.map((issue) => `${slug}: ${issue.path.join('.')}`),
      ).toEqual([]);
    }
  });

  it('opens the golden cross in the builder with its rows filled in', async () => {
    const user = userEvent.setup();
    marketApi();
    const { router } = renderRoute('/strategies/technical/golden-cross');
    await user.click(await screen.findByRole('link', { name: 'Open in the builder' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/BacktestingForm'));
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    await waitFor(() => expect(field('Entry crossover 1: indicator 1 Timeframe').value).toBe('50'));
    expect(field('Entry crossover 1: indicator 2 Timeframe').value).toBe('200');
    expect(field('Entry crossover 1: logic').value).toBe('Crosses Above');
    expect(field('Exit crossover 1: logic').value).toBe('Crosses Below');
    expect(field('Timeframe').value).toBe('1 day');
    await waitFor(() => expect(field('Stock').value).toBe('AAPL'));
  });

  it('offers no builder button where the simulator cannot test the strategy', async () => {
    fakeApi({});
    renderRoute(`/strategies/options/${LISTINGS.options.items[0]!.slug}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Open in the builder' })).toBeNull();
  });
});
