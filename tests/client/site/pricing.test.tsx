import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BASIC_USER, renderRoute } from '../render-route';

async function openPricing() {
  const view = renderRoute('/pricing');
  await screen.findByRole('heading', { level: 1, name: 'Plans and pricing' });
  return view;
}

function planCard(name: string) {
  return within(screen.getByRole('list', { name: 'Plans' })).getByRole('listitem', { name });
}

const billing = () => screen.getByRole('radiogroup', { name: 'Billing period' });
const currency = () => screen.getByRole('radiogroup', { name: 'Currency' });

describe('pricing page', () => {
  it('says what Enterprise’s tick data and real-time data are', async () => {
    await openPricing();
    const enterprise = planCard('Enterprise');
    const tick = within(enterprise)
      .getByText(/^Tick data/)
      .closest('li')!;
    expect(tick.textContent).toBe(
      'Tick data (exits inside a bar found in its trades: Binance, US stocks through the provider, or uploads)',
    );
    expect(
      within(enterprise)
        .getByText(/^Real-time data/)
        .closest('li')!.textContent,
    ).toBe(
      'Real-time data (forward tests: your strategy paper-trades live Binance bars as they close, with alerts)',
    );
    expect(enterprise.textContent).not.toContain('Not available yet');
  });

  it('defaults to annual billing in INR with Professional selected', async () => {
    await openPricing();
    expect(
      within(billing())
        .getByRole('radio', { name: /Annual/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(within(billing()).getByRole('radio', { name: 'Monthly' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(within(currency()).getByRole('radio', { name: 'INR (₹)' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Choose Professional' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Choose Basic' }).getAttribute('aria-pressed')).toBe('false');
    const summary = screen.getByRole('region', { name: 'Your selection' });
    expect(summary.textContent).toContain(
      'Professional, billed annually in INR: ₹19,990 a year (₹1,666 a month).',
    );
    await waitFor(() => expect(document.title).toBe('Plans and pricing | Backtest Studio'));
  });

  it('shows annual prices with their monthly equivalent (annual / 12, rounded) and the Save 15% badge', async () => {
    await openPricing();
    const expected = {
      Basic: ['₹833', '₹9,990'],
      Professional: ['₹1,666', '₹19,990'],
      Enterprise: ['₹4,166', '₹49,990'],
    };
    for (const [plan, [perMonth, perYear]] of Object.entries(expected)) {
      const card = planCard(plan);
      expect(card.textContent).toContain(`${perMonth} / month`);
      expect(card.textContent).toContain(`${perYear} billed yearly`);
      expect(card.textContent).toContain('Save 15%');
    }
  });

  it('shows all twelve prices of the plan table across the billing and currency toggles', async () => {
    const user = userEvent.setup();
    await openPricing();
    const figures = (plan: string) => planCard(plan).textContent ?? '';
    const seen = new Map<string, string[]>();
    const record = (label: string) =>
      seen.set(
        label,
        ['Basic', 'Professional', 'Enterprise'].map((plan) => figures(plan)),
      );

    record('annual INR');
    await user.click(within(currency()).getByRole('radio', { name: 'USD ($)' }));
    record('annual USD');
    await user.click(within(billing()).getByRole('radio', { name: 'Monthly' }));
    record('monthly USD');
    await user.click(within(currency()).getByRole('radio', { name: 'INR (₹)' }));
    record('monthly INR');

    const table: Record<string, string[]> = {
      'annual INR': ['₹9,990', '₹19,990', '₹49,990'],
      'annual USD': ['$120', '$240', '$600'],
      'monthly USD': ['$12 / month', '$24 / month', '$60 / month'],
      'monthly INR': ['₹999 / month', '₹1,999 / month', '₹4,999 / month'],
    };
    for (const [label, prices] of Object.entries(table)) {
      prices.forEach((price, index) => expect(seen.get(label)?.[index]).toContain(price));
    }
    expect(seen.get('annual USD')?.map((text) => text.match(/\$\d+ \/ month/)?.[0])).toEqual([
      '$10 / month',
      '$20 / month',
      '$50 / month',
    ]);
    expect(screen.queryAllByText('Save 15%')).toHaveLength(1); // only the toggle's badge on monthly
    expect(screen.getByRole('region', { name: 'Your selection' }).textContent).toContain(
      'Professional, billed monthly in INR: ₹1,999 a month.',
    );
  });

  it('moves the toggles with the arrow keys, as radio groups do', async () => {
    const user = userEvent.setup();
    await openPricing();
    const annual = within(billing()).getByRole('radio', { name: /Annual/ });
    expect(annual.tabIndex).toBe(0);
    annual.focus();
    await user.keyboard('{ArrowLeft}');
    const monthly = within(billing()).getByRole('radio', { name: 'Monthly' });
    expect(monthly.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(monthly);
    await user.tab();
    expect(document.activeElement).toBe(within(currency()).getByRole('radio', { name: 'INR (₹)' }));
    await user.keyboard('{ArrowRight}');
    expect(within(currency()).getByRole('radio', { name: 'USD ($)' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(planCard('Basic').textContent).toContain('$12 / month');
  });

  it('selects another plan, and links Subscribe Now and Contact Sales', async () => {
    const user = userEvent.setup();
    await openPricing();
    await user.click(screen.getByRole('button', { name: 'Choose Enterprise' }));
    expect(screen.getByRole('button', { name: 'Choose Enterprise' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Choose Professional' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(screen.getByRole('region', { name: 'Your selection' }).textContent).toContain(
      'Enterprise, billed annually in INR: ₹49,990 a year (₹4,166 a month).',
    );
    expect(screen.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/LoginPage');
    expect(screen.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe('/contact');
  });

  it('lists the payment options and answers refunds consistently with the legal text', async () => {
    await openPricing();
    const payment = screen.getByRole('region', { name: 'Payment options' });
    expect(
      within(payment)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Credit and debit cards', 'Digital wallets']);
    const refund = screen.getByText('Can I get a refund?').closest('details');
    expect(refund?.textContent).toContain('Subscription fees are non-refundable.');
    expect(refund?.textContent).toContain('processed within 7-10 business days');
  });

  it('marks the signed-in user’s current plan, and none for a visitor', async () => {
    const view = renderRoute('/pricing', { user: { ...BASIC_USER, plan: 'pro' } });
    await screen.findByRole('heading', { level: 1, name: 'Plans and pricing' });
    expect(planCard('Professional').getAttribute('aria-current')).toBe('true');
    expect(planCard('Professional').textContent).toContain('Your current plan');
    expect(planCard('Basic').getAttribute('aria-current')).toBeNull();
    expect(screen.getAllByText('Your current plan')).toHaveLength(1);
    view.unmount();

    await openPricing();
    expect(screen.queryByText('Your current plan')).toBeNull();
  });
});
