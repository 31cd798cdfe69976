/**
 * Follows a forward test's live socket: every bar, signal, trade or status event refreshes the
 * test's query (its answer carries the bars, signals and trades), so the page grows bar by bar.
 * The socket is opened again after a drop, a few seconds later, while the page is open.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { liveEventSchema } from '../../../shared/api/forward-tests';
import { liveSocketUrl } from './api';

export type LiveConnection = 'connecting' | 'live' | 'closed';

const RECONNECT_MS = 3000;

export function useLiveEvents(id: string, enabled: boolean): LiveConnection {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<LiveConnection>('connecting');
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      socket = new WebSocket(liveSocketUrl(id));
      socket.addEventListener('open', () => setConnection('live'));
      socket.addEventListener('message', (event) => {
        const parsed = liveEventSchema.safeParse(JSON.parse(String(event.data)));
        if (parsed.success)
          void queryClient.invalidateQueries({ queryKey: ['forward-tests', id], exact: true });
      });
      socket.addEventListener('close', () => {
        setConnection('closed');
        if (!stopped) retry = setTimeout(open, RECONNECT_MS);
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [id, enabled, queryClient]);
  return enabled ? connection : 'closed';
}
