import { EMAIL_LINK_PATHS } from '../../shared/email-links';

/**
 * Every route path of the app (docs/product.md#screens-and-routes), in one place. Matching is case-insensitive
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
  /** Served by the worker as this app's page (src/worker/routes/api-reference.ts). */
  apiReference: '/api/docs',
  community: '/resources/community',
  tutorials: '/resources/tutorials',
  faq: '/faq',
  aboutUs: '/about-us',
  careers: '/careers',
  team: '/team',
  portfolios: '/portfolios',
  forwardTests: '/forward-tests',
  forwardTest: '/forward-tests/:id',
  teamManage: '/team/manage',
  teamJoin: '/team/join',
  account: '/account',
  forgotPassword: '/forgot-password',
  resetPassword: EMAIL_LINK_PATHS.resetPassword,
  verifyEmail: EMAIL_LINK_PATHS.verifyEmail,
  confirmEmail: EMAIL_LINK_PATHS.confirmEmail,
  help: '/help',
} as const;

/** Detail pages behind the listing cards (docs/product.md#screens-and-routes). */
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

/** The query parameter naming where sign-in returns to. */
export const NEXT_PARAM = 'next';

/**
 * The login page, coming back to `next` (a path of this site with its query) once signed in.
 * In the URL rather than in history state, so it survives a reload and a switch to registering.
 */
export function loginPath(next?: string): string {
  return next && next !== PATHS.login
    ? `${PATHS.login}?${NEXT_PARAM}=${encodeURIComponent(next)}`
    : PATHS.login;
}
