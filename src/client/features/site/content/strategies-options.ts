import type { ListingItem } from './listing-types';
import { strategyItem } from './strategy';

/**
 * Options strategies, explained for learning. The simulator trades the underlying instrument
 * and does not price options, so these pages carry no builder steps (see the listing's note).
 */
export const OPTIONS_ITEMS: readonly ListingItem[] = [
  {
    slug: 'covered-call',
    title: 'Covered call',
    summary: 'Own the shares and sell a call above the market to collect premium.',
    idea: 'You hold 100 shares per contract and sell one out-of-the-money call. The premium is income; in exchange you give up gains above the strike until expiry.',
    rules: [
      'Hold the underlying; sell a call one or two strikes above the price, 30 to 45 days to expiry.',
      'Let it expire if the price stays below the strike; roll or accept assignment if it rises above.',
    ],
    watch: [
      'The downside of the shares is reduced only by the premium received.',
      'A strong rally caps your gain at the strike plus the premium.',
      'What the simulator can test: the neutral-to-slightly-bullish view on the underlying itself.',
    ],
  },
  {
    slug: 'protective-put',
    title: 'Protective put',
    summary: 'Buy a put under a stock you own: insurance with a known cost.',
    idea: 'A put gives the right to sell at the strike. Bought under a long stock position, it sets a floor on the loss until expiry, for the price of the premium.',
    rules: [
      'Own the shares; buy a put at or below the current price for the period you want covered.',
      'Renew the put when it expires if you still want protection.',
    ],
    watch: [
      'Insurance costs money every period; over a calm year the premiums add up.',
      'Compare the cost with a stop loss in a backtest: a stop is free but can be gapped through.',
    ],
  },
  {
    slug: 'cash-secured-put',
    title: 'Cash-secured put',
    summary: 'Sell a put with cash set aside to buy the shares at a lower price.',
    idea: 'You sell an out-of-the-money put and keep enough cash to buy the shares at the strike. If the price stays above, you keep the premium; if it falls below, you buy the shares at an effective price of strike minus premium.',
    rules: [
      'Choose a strike at which you would be glad to own the stock.',
      'Hold the cash for the full assignment value until expiry.',
    ],
    watch: [
      'In a crash you buy the shares at the strike while the market is far lower.',
      'The premium is the most you can earn.',
    ],
  },
  {
    slug: 'bull-call-spread',
    title: 'Bull call spread',
    summary: 'Buy a call and sell a higher call: a cheaper bullish bet with a capped profit.',
    idea: 'The sold call pays for part of the bought one. The position gains if the price rises to the upper strike by expiry; the loss is limited to the net premium paid.',
    rules: [
      'Buy a call near the current price; sell a call at a higher strike, same expiry.',
      'Maximum profit: the distance between strikes minus the net premium. Maximum loss: the net premium.',
    ],
    watch: [
      'You need the move to happen before expiry, not just eventually.',
      'What the simulator can test: how often the underlying reached the upper strike within the holding period.',
    ],
  },
  {
    slug: 'bear-put-spread',
    title: 'Bear put spread',
    summary: 'Buy a put and sell a lower put to bet on a moderate decline.',
    idea: 'The mirror of the bull call spread. The lower put you sell reduces the cost; your gain stops at the lower strike.',
    rules: [
      'Buy a put near the price; sell a put at a lower strike, same expiry.',
      'Maximum profit: the distance between strikes minus the net premium. Maximum loss: the net premium.',
    ],
    watch: [
      'Falls often come fast and then reverse; time the expiry with care.',
      'What the simulator can test: the bearish signal itself, with transaction type sell.',
    ],
  },
  {
    slug: 'iron-condor',
    title: 'Iron condor',
    summary: 'Sell a put spread and a call spread to profit from a market that stays in a range.',
    idea: 'Four options: a sold put and a bought lower put below the market, a sold call and a bought higher call above it. If the price stays between the sold strikes, all four expire and you keep the premium.',
    rules: [
      'Sell strikes outside the expected range; buy the wings further out to cap the risk.',
      'Close early when most of the premium is earned, or when price nears a sold strike.',
    ],
    watch: [
      'Many small wins, occasional large losses: the shape of a short-volatility strategy.',
      'What the simulator can test: how often the underlying stayed inside a band, for example the Bollinger Bands, over the holding period.',
    ],
  },
  {
    slug: 'long-straddle',
    title: 'Long straddle',
    summary: 'Buy a call and a put at the same strike to profit from a big move either way.',
    idea: 'The position gains when the price moves further than the combined premium in either direction, typically around events such as earnings.',
    rules: [
      'Buy a call and a put at the strike nearest the price, same expiry.',
      'The break-even points are the strike plus and minus the total premium.',
    ],
    watch: [
      'Premiums before events already price a large move; a move that is merely large still loses.',
      'Time decay works against you every day.',
    ],
  },
  {
    slug: 'long-strangle',
    title: 'Long strangle',
    summary: 'A cheaper straddle with out-of-the-money strikes that needs an even larger move.',
    idea: 'Buying an out-of-the-money call and an out-of-the-money put costs less than a straddle, but the price must travel further before the position profits.',
    rules: [
      'Buy a call above and a put below the current price, same expiry.',
      'The break-even points are the call strike plus the premium and the put strike minus it.',
    ],
    watch: [
      'Most strangles expire worthless; the rare large move pays for the rest, or does not.',
      'What the simulator can test: the ATR of the underlying, to see how often moves of the needed size occur.',
    ],
  },
  {
    slug: 'calendar-spread',
    title: 'Calendar spread',
    summary: 'Sell a near-term option and buy a later one at the same strike to earn time decay.',
    idea: 'Near-term options lose value faster than longer-dated ones. Selling the near one and buying the far one profits if the price stays close to the strike while the near option decays.',
    rules: [
      'Sell an option expiring soon; buy the same strike with a later expiry.',
      'Close or roll the position when the near option expires.',
    ],
    watch: [
      'A large move in either direction hurts the position.',
      'The result depends on implied volatility of the two expiries, which price data alone cannot show.',
    ],
  },
  {
    slug: 'collar',
    title: 'Collar',
    summary: 'Own the shares, buy a protective put and pay for it by selling a call.',
    idea: 'A collar combines a protective put and a covered call. The call premium offsets the put’s cost, sometimes entirely, in exchange for capping the upside.',
    rules: [
      'Own the shares; buy a put below the price and sell a call above it, same expiry.',
      'The position is worth between the put strike and the call strike at expiry.',
    ],
    watch: [
      'A collar turns a stock into a narrow range of outcomes; check that the range matches your goal.',
      'What the simulator can test: a stop loss and a target profit on the shares give a similar range to compare.',
    ],
  },
].map(strategyItem);
