/** Static business facts stated by the spec (sections 1 and 9). */

export const MINIMUM_AGE = 18;
export const LIABILITY_CAP_MONTHS = 6;
export const PRIVACY_POLICY_EFFECTIVE = '2 August 2025';
export const LEGAL_PAGE_LAST_UPDATED = 'November 15, 2023';
export const COPYRIGHT_YEAR = 2025;

/** The footer's copyright years: the first year, then "–" and the current one once it is later. */
export function copyrightYears(currentYear: number): string {
  return currentYear > COPYRIGHT_YEAR ? `${COPYRIGHT_YEAR}–${currentYear}` : String(COPYRIGHT_YEAR);
}

export const MARKETING_STATS = [
  { value: '70+', label: 'Exchanges' },
  { value: '10+', label: 'Years of data' },
  { value: '100+', label: 'Indicators' },
  { value: '50+', label: 'Candlestick patterns' },
] as const;

export const MARKETS = ['Crypto', 'Forex', 'Stocks', 'ETFs'] as const;

export const PRODUCT_NAME = 'Backtest Studio';

/** The parent company that processes all payments (docs/product.md#who-it-is-for). */
export const PARENT_COMPANY = {
  name: 'Backtest Studio Technologies Private Limited',
  addressLines: ['4th Floor, Prestige Meridian II', '30 MG Road', 'Bengaluru, Karnataka 560001', 'India'],
  taxIdLabel: 'GSTIN',
  taxId: '29AAKCB4821M1Z6',
  corporateId: 'U72900KA2024PTC183452',
  email: 'support@backteststudio.example',
  salesEmail: 'sales@backteststudio.example',
  billingEmail: 'billing@backteststudio.example',
} as const;

export const SOCIAL_LINKS = [
  { label: 'X (Twitter)', href: 'https://x.com/backteststudio' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/backteststudio' },
  { label: 'YouTube', href: 'https://www.youtube.com/@backteststudio' },
  { label: 'GitHub', href: 'https://github.com/backteststudio' },
  { label: 'Telegram', href: 'https://t.me/backteststudio' },
] as const;

/** When the support team answers messages (responses: SUPPORT_RESPONSE in plans.ts). */
export const SUPPORT_HOURS = 'Monday to Friday, 09:30 to 18:30 IST';
