/**
 * The credit TradingView's lightweight-charts asks for: the charts hide the library's logo
 * (it injects an inline style, which our CSP forbids), so the page links to the library.
 */
export function ChartCredit({
  className,
  plural = false,
}: {
  className: string | undefined;
  plural?: boolean;
}) {
  return (
    <p className={className}>
      {plural ? 'Charts' : 'Chart'} by{' '}
      <a href="https://www.tradingview.com/lightweight-charts/" target="_blank" rel="noreferrer">
        TradingView Lightweight Charts™<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      .
    </p>
  );
}
