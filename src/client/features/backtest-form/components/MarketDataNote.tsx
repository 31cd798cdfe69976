import { Alert } from '../../../components/Alert';
import type { useMarketLists } from '../hooks/useMarketLists';

/** The server's one neutral note about its data (no market-data key is a setting, not a failure). */
export function MarketDataNote({ lists }: { lists: ReturnType<typeof useMarketLists> }) {
  const note = lists.exchanges.status === 'ready' ? lists.exchanges.note : undefined;
  return note ? <Alert tone="info">{note}</Alert> : null;
}
