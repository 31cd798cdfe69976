import { Alert } from '../../../components/Alert';
import { isLocalSource } from '../data-sources';
import type { useMarketLists } from '../hooks/useMarketLists';

/**
 * The server's one neutral note about the chosen exchange's data (no market-data key is a
 * setting, not a failure): a market's own list says where its prices come from (Binance's, or
 * synthetic); the sample, uploads and portfolios take the server's note.
 */
export function MarketDataNote({
  lists,
  exchange,
}: {
  lists: ReturnType<typeof useMarketLists>;
  exchange: string;
}) {
  const source = exchange !== '' && !isLocalSource(exchange) ? lists.stocks : lists.exchanges;
  const note = source.status === 'ready' ? source.note : undefined;
  return note ? <Alert tone="info">{note}</Alert> : null;
}
