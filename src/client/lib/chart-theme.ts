/**
 * What the app's lightweight-charts charts share. Imported only by the lazily loaded chart
 * modules, so the library stays out of the first download.
 */
import { ColorType } from 'lightweight-charts';

/** The colour of the price and time axes' borders. */
export const CHART_BORDER_COLOR = '#d5dde8';

/** The chart fills its box and draws on white in the app's font, with a light grid. */
export const CHART_THEME = {
  autoSize: true,
  layout: {
    background: { type: ColorType.Solid, color: '#ffffff' },
    textColor: '#4a5a70',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    // The logo injects an inline <style>, which our CSP forbids; the page credits TradingView.
    attributionLogo: false,
  },
  grid: { vertLines: { color: '#eef2f7' }, horzLines: { color: '#eef2f7' } },
} as const;
