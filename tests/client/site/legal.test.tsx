import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../render-route';

const REFUND =
  'Subscription fees are non-refundable. When you cancel, your plan stays active until the end of the period you have paid for and is not renewed. In exceptional cases, such as a duplicate charge or where the law requires it, we grant a refund, and it is processed within 7-10 business days to the original payment method.';

const sidebar = () => screen.getByRole('navigation', { name: 'Legal documents' });

describe('legal page', () => {
  it('opens on the Terms of Service, with the five documents in the sidebar and the update date', async () => {
    renderRoute('/LegalPage');
    await screen.findByRole('heading', { level: 1, name: 'Legal' });
    expect(
      within(sidebar())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Terms of Service', 'Privacy Policy', 'Disclaimer', 'Refund Policy', 'Copyright Information']);
    expect(
      within(sidebar()).getByRole('link', { name: 'Terms of Service' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getAllByRole('heading', { level: 2 })[0]?.textContent).toBe('Terms of Service');
    expect(screen.getByText(/^Last updated/).textContent).toBe('Last updated: November 15, 2023');
  });

  it('keeps the chosen document in the URL, so a link can open it', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/LegalPage');
    await screen.findByRole('heading', { level: 1, name: 'Legal' });
    await user.click(within(sidebar()).getByRole('link', { name: 'Refund Policy' }));
    expect(router.state.location.search).toBe('?section=refund');
    expect(screen.getAllByRole('heading', { level: 2 })[0]?.textContent).toBe('Refund Policy');
    expect(screen.getByText(/^Subscription fees are non-refundable/).textContent).toBe(REFUND);
    await waitFor(() => expect(document.title).toBe('Refund Policy | Legal | Backtest Studio'));
  });

  it('opens the section named in a shared link, whatever its case', async () => {
    renderRoute('/legalpage?section=COPYRIGHT');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 })[0]?.textContent).toBe('Copyright Information'),
    );
    expect(
      within(sidebar()).getByRole('link', { name: 'Copyright Information' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('falls back to the terms for an unknown section', async () => {
    renderRoute('/LegalPage?section=nonsense');
    const article = await screen.findByRole('article', { name: 'Terms of Service' });
    expect(within(article).getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0);
    expect(within(sidebar()).getByRole('link', { current: 'page' }).textContent).toBe('Terms of Service');
    await waitFor(() => expect(document.title).toBe('Terms of Service | Legal | Backtest Studio'));
  });
});

describe('terms page', () => {
  it('has the two tabs of the spec and every section it lists', async () => {
    renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms and Privacy' });
    const tabs = within(screen.getByRole('tablist', { name: 'Terms and privacy' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Terms & Conditions', 'Privacy Policy']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    const terms = screen.getByRole('tabpanel', { name: 'Terms & Conditions' });
    const text = terms.textContent ?? '';
    for (const fact of [
      'simulation service only',
      'at least 18 years old',
      'Basic, Premium (also called Professional or Pro) and Enterprise',
      'paid in advance',
      'renew automatically',
      'Nothing on Backtest Studio',
      'Intellectual property',
      'Prohibited conduct',
      'Disclaimers',
      'limited to the fees you paid us in the 6 months before',
      REFUND,
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('switches tabs with the arrow keys and keeps the tab in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/terms');
    const first = await screen.findByRole('tab', { name: 'Terms & Conditions' });
    first.focus();
    await user.keyboard('{ArrowRight}');
    const privacy = screen.getByRole('tab', { name: 'Privacy Policy' });
    expect(privacy.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(privacy);
    expect(router.state.location.search).toBe('?tab=privacy');
    expect(screen.getByRole('tabpanel', { name: 'Privacy Policy' }).textContent).toContain(
      'Effective 2 August 2025',
    );
    await user.keyboard('{Home}');
    expect(first.getAttribute('aria-selected')).toBe('true');
  });
});

describe('privacy policy page', () => {
  it('stands alone, effective 2 August 2025', async () => {
    renderRoute('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getByText(/^Effective/).textContent).toBe('Effective 2 August 2025');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toContain(
      'Your rights',
    );
  });

  it('says what is kept of a deleted account’s address, and why', async () => {
    renderRoute('/privacy-policy');
    const kept = await screen.findByText(/one-way salted hash of your email address/);
    expect(kept.textContent).toContain('only to prevent repeated free trials');
  });
});
