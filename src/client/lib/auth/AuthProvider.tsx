import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import type { User } from '../../../shared/api/auth';
import { AuthContext, type AuthState } from './auth-context';
import { fetchCurrentUser, logout } from './session-api';
import { queryKeys } from '../query-keys';

const SESSION_KEY = queryKeys.session;

/** The signed-in user, or null; a failure reads as signed out (the spec logs it to the console). */
async function readSession(): Promise<User | null> {
  try {
    return await fetchCurrentUser();
  } catch (error) {
    console.warn('Could not read the session', error);
    return null;
  }
}

/** Holds the signed-in user, read once from the worker (which reads role and plan from D1). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: SESSION_KEY, queryFn: readSession, staleTime: Infinity });

  const setUser = useCallback(
    (next: User | null) => queryClient.setQueryData(SESSION_KEY, next),
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      console.warn('Sign-out failed', error);
    }
    setUser(null);
  }, [setUser]);

  const user = session.data ?? null;
  const status: AuthState['status'] = session.isPending ? 'loading' : user ? 'signed-in' : 'signed-out';
  const value = useMemo(() => ({ status, user, setUser, signOut }), [status, user, setUser, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
