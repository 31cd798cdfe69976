import { useCallback, useEffect, useState } from 'react';

export type Remote<T> =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T };

/** Loads data with `load` whenever its inputs change; `reload` asks again. */
export function useRemote<T>(load: () => Promise<T>): Remote<T> & { reload: () => void } {
  const [remote, setRemote] = useState<Remote<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    load().then(
      (data) => !cancelled && setRemote({ state: 'ready', data }),
      (error: unknown) =>
        !cancelled &&
        setRemote({ state: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...remote, reload };
}
