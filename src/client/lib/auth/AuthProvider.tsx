import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
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

  // The first answer shows the whole page at once: rendered as a transition, in slices between
  // which a phone stays responsive, rather than in one long task. Later changes (sign-in,
  // sign-out) apply at once, so a page never acts on a user who has already left.
  const [firstAnswerShown, setFirstAnswerShown] = useState(false);
  useEffect(() => {
    if (!session.isPending && !firstAnswerShown) startTransition(() => setFirstAnswerShown(true));
  }, [session.isPending, firstAnswerShown]);

  const user = session.data ?? null;
  const status: AuthState['status'] =
    session.isPending || !firstAnswerShown ? 'loading' : user ? 'signed-in' : 'signed-out';
  const value = useMemo(() => ({ status, user, setUser, signOut }), [status, user, setUser, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
