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
  login: '/LoginPage',
  admin: '/admin',
  documentation: '/resources/documentation',
  community: '/resources/community',
  tutorials: '/resources/tutorials',
  faq: '/faq',
  aboutUs: '/about-us',
  careers: '/careers',
  team: '/team',
  help: '/help',
} as const;
