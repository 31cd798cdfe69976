/**
 * Every route path of the app (spec section 2), in one place. Matching is case-insensitive
 * (React Router's default), so the navigation bar's capitalised spellings reach the same pages.
 */
export const PATHS = {
  home: '/',
  pricing: '/pricing',
  blog: '/blog',
  contact: '/contact',
  whyBacktesting: '/WhyBacktesting',
  legal: '/LegalPage',
  terms: '/terms',
  privacy: '/privacy-policy',
  research: '/features/Research',
  press: '/features/Press',
  technical: '/features/technical',
  options: '/features/options',
  fundamental: '/features/fundamental',
  quantitative: '/features/quantitative',
  support: '/features/support',
  simulator: '/BacktestingForm',
  backtestHistory: '/backtests',
  backtestResult: '/backtests/:id',
  compareBacktests: '/backtests/compare',
  sharedResult: '/r/:token',
  login: '/LoginPage',
  admin: '/admin',
  documentation: '/resources/documentation',
  apiGuide: '/resources/documentation/api',
  community: '/resources/community',
  tutorials: '/resources/tutorials',
  faq: '/faq',
  aboutUs: '/about-us',
  careers: '/careers',
  team: '/team',
  portfolios: '/portfolios',
  teamManage: '/team/manage',
  teamJoin: '/team/join',
  account: '/account',
  help: '/help',
} as const;

/** Detail pages behind the listing cards (spec section 2, content listing pages). */
export const DETAIL_ROUTES = {
  research: '/research/:slug',
  press: '/press/:slug',
  strategy: '/strategies/:category/:slug',
} as const;

export const STRATEGY_CATEGORIES = ['technical', 'options', 'fundamental', 'quantitative'] as const;
export type StrategyCategory = (typeof STRATEGY_CATEGORIES)[number];

export const detailPath = {
  research: (slug: string) => `/research/${slug}`,
  press: (slug: string) => `/press/${slug}`,
  strategy: (category: StrategyCategory, slug: string) => `/strategies/${category}/${slug}`,
};

/** The contact form with a subject chosen in advance (the form reads `?subject=`). */
export function contactPath(subject: string): string {
  return `${PATHS.contact}?subject=${encodeURIComponent(subject)}`;
}

/** The result page of one stored backtest run. */
export function backtestResultPath(id: string): string {
  return `/backtests/${encodeURIComponent(id)}`;
}

/** The compare view of some of the user's runs. */
export function compareBacktestsPath(ids: readonly string[]): string {
  return `/backtests/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
}
