/**
 * What the home and pricing pages promise about payment and the free trial, as a visitor of a
 * fresh install (no payment provider) and of a server with Stripe meets them.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../render-route';
import { fakeApi, jsonResponse } from '../fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FRESH_INSTALL = { currencies: [], freeTrialDays: null };
const STRIPE_ONLY = { currencies: ['USD'], freeTrialDays: 14 };

function serverWith(providers: object) {
  fakeApi({ 'GET /api/billing/providers': () => jsonResponse(200, providers) });
}

async function selectionNote() {
  await screen.findByRole('heading', { level: 1, name: 'Plans and pricing' });
  return within(screen.getByRole('region', { name: 'Your selection' }));
}

describe('a fresh install, with no payment provider', () => {
  it('says on /pricing that Subscribe Now records a request, and promises no payment page or trial', async () => {
    serverWith(FRESH_INSTALL);
    renderRoute('/pricing');
    const summary = await selectionNote();
    await summary.findByText(/Online payment in INR is not set up on this site yet/);
    const note = summary.getByText(/Subscribe Now records your request/).textContent ?? '';
    expect(note).not.toMatch(/secure payment page/);
    expect(note).not.toMatch(/free trial/i);
    expect(note).toContain('Your plan renews automatically');
  });

  it('offers an account on the home page, not a free trial', async () => {
    serverWith(FRESH_INSTALL);
    renderRoute('/');
    await screen.findByRole('heading', { name: 'Start on the Basic plan' });
    expect(screen.queryByRole('heading', { name: 'Start Your Free Trial' })).toBeNull();
    expect(screen.getByText(/^Create an account and run your backtests on the Basic plan\./)).toBeTruthy();
  });
});

describe('a server that takes USD through Stripe, with a 14-day trial', () => {
  it('says on /pricing that Subscribe Now opens a payment page in USD but only records a request in INR', async () => {
    serverWith(STRIPE_ONLY);
    renderRoute('/pricing');
    const summary = await selectionNote();
    // INR is the default currency: no provider takes it here.
    await summary.findByText(/Online payment in INR is not set up on this site yet/);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'USD ($)' }));
    const note = await summary.findByText(/Subscribe Now opens a secure payment page/);
    expect(note.textContent).toContain('A new account starts with a 14-day free trial on the Basic plan.');
    expect(note.textContent).not.toContain('UPI');
  });

  it('invites to the free trial on the home page, with its length', async () => {
    serverWith(STRIPE_ONLY);
    renderRoute('/');
    await screen.findByRole('heading', { name: 'Start Your Free Trial' });
    expect(screen.getByText(/^Run backtests on the Basic plan free for 14 days\./)).toBeTruthy();
  });
});
