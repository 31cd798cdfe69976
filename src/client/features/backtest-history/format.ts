/** How the history list writes its figures (the same conventions as the result page). */
const LOCALE = 'en-US';

const signedMoney = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signedTwoDecimals = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const whole = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const runDate = new Intl.DateTimeFormat(LOCALE, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export const formatSignedMoney = (value: number) => signedMoney.format(value);
export const formatSignedPercent = (value: number) => `${signedTwoDecimals.format(value)}%`;
export const formatCount = (value: number) => whole.format(value);
/** null (no trades, no losses) is "—". */
export const formatPercentOrDash = (value: number | null) =>
  value === null ? '—' : `${twoDecimals.format(value)}%`;
export const formatRatioOrDash = (value: number | null) => (value === null ? '—' : twoDecimals.format(value));
/** "Sep 1, 2023, 2:05 PM UTC" */
export const formatRunDate = (iso: string) => `${runDate.format(Date.parse(iso))} UTC`;
