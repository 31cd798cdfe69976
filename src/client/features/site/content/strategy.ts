import { type Section, bullets, p, steps } from './blocks';
import type { ListingItem } from './listing-types';
import { STRATEGY_TEMPLATES } from './strategy-templates';

/** A strategy card's content, written once in this shape so every strategy page reads alike. */
export interface Strategy {
  slug: string;
  title: string;
  summary: string;
  /** The idea behind the strategy, in a paragraph. */
  idea: string;
  rules: readonly string[];
  /** How to set it up in the strategy builder, step by step (absent when it cannot be built). */
  build?: readonly string[];
  /** Where it fails and what to check. */
  watch: readonly string[];
}

export function strategyItem(strategy: Strategy): ListingItem {
  const body: Section[] = [
    { id: 'idea', title: 'The idea', blocks: [p(strategy.idea)] },
    { id: 'rules', title: 'The rules', blocks: [bullets(...strategy.rules)] },
  ];
  if (strategy.build) {
    body.push({ id: 'build', title: 'Build it in the strategy builder', blocks: [steps(...strategy.build)] });
  }
  body.push({ id: 'watch', title: 'What to watch', blocks: [bullets(...strategy.watch)] });
  const template = STRATEGY_TEMPLATES[strategy.slug];
  return {
    slug: strategy.slug,
    title: strategy.title,
    summary: strategy.summary,
    body,
    ...(template ? { template } : {}),
  };
}
