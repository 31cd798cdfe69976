import { PATHS, type StrategyCategory, detailPath } from '../../../config/paths';
import type { ListingItem } from './listing-types';
import { PRESS_ITEMS } from './press';
import { RESEARCH_ITEMS } from './research';
import { FUNDAMENTAL_ITEMS } from './strategies-fundamental';
import { OPTIONS_ITEMS } from './strategies-options';
import { QUANTITATIVE_ITEMS } from './strategies-quantitative';
import { TECHNICAL_ITEMS } from './strategies-technical';

export type ListingId = 'research' | 'press' | StrategyCategory;

/** A content listing page (docs/product.md#screens-and-routes): title, subtitle, searchable cards. */
export interface Listing {
  id: ListingId;
  path: string;
  title: string;
  subtitle: string;
  /** The page's meta description. */
  description: string;
  searchLabel: string;
  /** What one card is, e.g. "article", and several, "articles". */
  noun: { one: string; many: string };
  /** A notice shown above the cards and on every detail page. */
  note?: string;
  items: readonly ListingItem[];
  itemPath: (slug: string) => string;
}

function strategyListing(
  id: StrategyCategory,
  path: string,
  title: string,
  subtitle: string,
  items: readonly ListingItem[],
  note?: string,
): Listing {
  return {
    id,
    path,
    title,
    subtitle,
    description: `${subtitle} Ten strategies with their rules and what to watch.`,
    searchLabel: `Search ${id} strategies by title`,
    noun: { one: 'strategy', many: 'strategies' },
    note,
    items,
    itemPath: (slug) => detailPath.strategy(id, slug),
  };
}

export const LISTINGS: Readonly<Record<ListingId, Listing>> = {
  research: {
    id: 'research',
    path: PATHS.research,
    title: 'Research',
    subtitle:
      'The methods behind honest backtests: overfitting, validation, fills and costs, in plain words.',
    description:
      'Research notes on backtest overfitting, the deflated Sharpe ratio, walk-forward validation, fill rules and trading costs.',
    searchLabel: 'Search research by title',
    noun: { one: 'article', many: 'articles' },
    items: RESEARCH_ITEMS,
    itemPath: detailPath.research,
  },
  press: {
    id: 'press',
    path: PATHS.press,
    title: 'Press',
    subtitle: 'Announcements about Backtest Studio, newest first.',
    description: 'Press releases and announcements from Backtest Studio.',
    searchLabel: 'Search press releases by title',
    noun: { one: 'press release', many: 'press releases' },
    items: [...PRESS_ITEMS].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '')),
    itemPath: detailPath.press,
  },
  technical: strategyListing(
    'technical',
    PATHS.technical,
    'Technical strategies',
    'Rules built from price, volume, indicators and candlestick patterns, each ready to set up in the strategy builder.',
    TECHNICAL_ITEMS,
  ),
  options: strategyListing(
    'options',
    PATHS.options,
    'Options strategies',
    'How the common options strategies work, what they bet on, and where they go wrong.',
    OPTIONS_ITEMS,
    'The simulator trades the underlying instrument and does not price options. Each page says which part of the strategy’s view you can test on the underlying.',
  ),
  fundamental: strategyListing(
    'fundamental',
    PATHS.fundamental,
    'Fundamental strategies',
    'Strategies that choose stocks by earnings, cash flow, dividends and balance sheets.',
    FUNDAMENTAL_ITEMS,
    'These strategies require third-party market data: company financials such as earnings, cash flow and analyst forecasts, which Backtest Studio’s price data does not include.',
  ),
  quantitative: strategyListing(
    'quantitative',
    PATHS.quantitative,
    'Quantitative strategies',
    'Systematic strategies from momentum to pairs trading and machine-learning filters.',
    QUANTITATIVE_ITEMS,
  ),
};

/** The card with this slug, ignoring case (the router matches paths case-insensitively too). */
export function findListingItem(listing: Listing, slug: string | undefined): ListingItem | undefined {
  const wanted = slug?.toLowerCase();
  return listing.items.find((item) => item.slug === wanted);
}

/** Articles from research and press, newest first (the blog). */
export function latestArticles(): { listing: Listing; item: ListingItem }[] {
  return [LISTINGS.research, LISTINGS.press]
    .flatMap((listing) => listing.items.map((item) => ({ listing, item })))
    .sort((a, b) => (b.item.date ?? '').localeCompare(a.item.date ?? ''));
}
