import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> =
  { state: 'loading' } | { state: 'error'; error: unknown } | { state: 'ready'; data: T };

/**
 * Runs `load` whenever it changes (memoise it on its inputs) and on `retry`. An answer that
 * arrives after the inputs changed is dropped.
 */
export function useLoad<T>(load: () => Promise<T>): Loaded<T> & { retry: () => void } {
  const [loaded, setLoaded] = useState<{ load: () => Promise<T>; attempt: number; value: Loaded<T> }>({
    load,
    attempt: 0,
    value: { state: 'loading' },
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    load().then(
      (data) => !cancelled && setLoaded({ load, attempt, value: { state: 'ready', data } }),
      (error: unknown) => !cancelled && setLoaded({ load, attempt, value: { state: 'error', error } }),
    );
    return () => {
      cancelled = true;
    };
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Until the current inputs have answered, show loading rather than the previous answer.
  const current =
    loaded.load === load && loaded.attempt === attempt ? loaded.value : { state: 'loading' as const };
  return { ...current, retry };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
