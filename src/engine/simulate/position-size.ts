/** How many units an entry buys, by the request's sizing (the simulator and the sweep kernel). */
import type { SizingMode } from '../../shared/backtest-vocabulary';
import type { PriceDistance } from './exit-levels';

/** What sizing reads of a run's settings. */
export interface SizingSettings {
  sizing: SizingMode;
  /** Units (fixed-quantity), cash (fixed-cash) or percent of equity at risk (risk-percent). */
  sizingValue?: number | null;
  stopLoss: PriceDistance | null;
}

/**
 * Units an entry at `entryPrice` buys, commission included in what it costs; 0 when it cannot:
 * - all-in: the whole equity (fractional units, or whole units floored);
 * - fixed-quantity: `sizingValue` units, or none when the equity does not pay for them;
 * - fixed-cash: `sizingValue` of cash (at most the equity);
 * - risk-percent: the units whose loss at the stop loss is `sizingValue` percent of the equity
 *   (loss per unit = the stop's distance from the entry), at most what the equity buys.
 * The cash not spent stays in the account, so equity = cash + the position's value.
 */
export function positionSize(
  settings: SizingSettings,
  capital: number,
  entryPrice: number,
  commissionRate: number,
): number {
  const affordable = entryPrice > 0 ? capital / (entryPrice * (1 + commissionRate)) : 0;
  const figure = settings.sizingValue ?? Number.NaN;
  switch (settings.sizing) {
    case 'all-in-fractional':
      return affordable;
    case 'all-in-whole-units':
      return Math.floor(affordable);
    case 'fixed-quantity':
      return figure <= affordable ? figure : 0;
    case 'fixed-cash':
      return entryPrice > 0 ? Math.min(figure, capital) / (entryPrice * (1 + commissionRate)) : 0;
    case 'risk-percent': {
      const stop = settings.stopLoss;
      const riskPerUnit =
        stop === null ? Number.NaN : stop.unit === 'points' ? stop.value : (entryPrice * stop.value) / 100;
      return Math.min((capital * figure) / 100 / riskPerUnit, affordable);
    }
  }
}
