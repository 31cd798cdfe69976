import { PATHS } from '../../config/paths';

export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  items: NavLinkItem[];
}

/** The navigation bar's links (docs/product.md#screens-and-routes), with the capitalised spellings it uses. */
export const FEATURE_LINKS: NavLinkItem[] = [
  { label: 'Press', to: PATHS.press },
  { label: 'Research', to: PATHS.research },
  { label: 'Support', to: PATHS.support },
  { label: 'Technical', to: '/features/Technical' },
  { label: 'Options', to: '/features/Options' },
  { label: 'Fundamental', to: '/features/Fundamental' },
  { label: 'Quantitative', to: '/features/Quantitative' },
];

export const RESOURCE_LINKS: NavLinkItem[] = [
  { label: 'Documentation', to: PATHS.documentation },
  { label: 'Tutorials', to: PATHS.tutorials },
  { label: 'Community', to: PATHS.community },
];

export const NAV_GROUPS: NavGroup[] = [
  { label: 'Features', items: FEATURE_LINKS },
  { label: 'Resources', items: RESOURCE_LINKS },
];

/** A signed-in user's own pages. */
export const ACCOUNT_MENU: NavGroup = {
  label: 'Your account',
  items: [
    { label: 'My backtests', to: PATHS.backtestHistory },
    { label: 'Portfolios', to: PATHS.portfolios },
    { label: 'Forward tests', to: PATHS.forwardTests },
    { label: 'Team', to: PATHS.teamManage },
    { label: 'Account', to: PATHS.account },
  ],
};

export const FOOTER_COLUMNS: NavGroup[] = [
  {
    label: 'Product',
    items: [
      { label: 'Simulator', to: PATHS.simulator },
      { label: 'Portfolios', to: PATHS.portfolios },
      { label: 'Pricing', to: PATHS.pricing },
      { label: 'FAQ', to: PATHS.faq },
      { label: 'Blog', to: PATHS.blog },
    ],
  },
  {
    label: 'Resources',
    items: [
      { label: 'Documentation', to: PATHS.documentation },
      { label: 'Tutorials', to: PATHS.tutorials },
      { label: 'Community', to: PATHS.community },
      { label: 'Help', to: PATHS.help },
    ],
  },
  {
    label: 'Company',
    items: [
      { label: 'About us', to: PATHS.aboutUs },
      { label: 'Careers', to: PATHS.careers },
      { label: 'Press', to: PATHS.press },
      { label: 'Team', to: PATHS.team },
      { label: 'Contact', to: PATHS.contact },
    ],
  },
  {
    label: 'Legal',
    items: [
      { label: 'Legal page', to: PATHS.legal },
      { label: 'Terms and Privacy', to: PATHS.terms },
    ],
  },
];
