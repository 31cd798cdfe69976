/**
 * Commission presets: common brokers' charges as one percent of the traded value per side (the
 * engine's cost model), from the brokers' and regulators' published schedules of 2024. A
 * schedule of flat fees and per-side taxes becomes one average percent per side, which is
 * close for typical order sizes and says so. Check your own broker's current schedule.
 */
export interface CommissionPreset {
  id: string;
  label: string;
  /** Percent of the traded value charged on each fill. */
  commissionPct: number;
  /** How the figure is made, for the builder's hint and docs/engine.md. */
  basis: string;
}

export const COMMISSION_PRESETS: readonly CommissionPreset[] = [
  {
    id: 'india-delivery',
    label: 'India, equity delivery (zero-brokerage broker)',
    commissionPct: 0.111,
    basis:
      'No brokerage; STT 0.1% on buy and sell, stamp duty 0.015% on buys, NSE transaction charge 0.00297%, SEBI fee 0.0001%, GST 18% on the charges: about 0.119% on buys and 0.104% on sells, 0.111% per side on average.',
  },
  {
    id: 'india-intraday',
    label: 'India, equity intraday (0.03% brokerage)',
    commissionPct: 0.053,
    basis:
      'Brokerage 0.03% (capped at ₹20 an order, which lowers it on orders above ₹66,667); STT 0.025% on sells, stamp duty 0.003% on buys, NSE transaction charge 0.00297%, SEBI fee 0.0001%, GST 18% on brokerage and charges: about 0.042% on buys and 0.064% on sells, 0.053% per side on average.',
  },
  {
    id: 'us-commission-free',
    label: 'US, commission-free broker',
    commissionPct: 0.0014,
    basis:
      'No commission; the SEC fee of $27.80 per million dollars sold (0.00278% on sells only), 0.0014% per side on average. FINRA’s trading activity fee (cents per trade) is left out.',
  },
  {
    id: 'us-per-share',
    label: 'US, per-share broker ($0.005 a share)',
    commissionPct: 0.01,
    basis:
      '$0.005 a share (minimum $1 an order) is 0.01% of the value at $50 a share: higher for cheaper shares, lower for dearer ones.',
  },
];
