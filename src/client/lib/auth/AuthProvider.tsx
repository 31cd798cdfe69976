import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { User } from '../../../shared/auth';
import { fetchCurrentUser, logout } from './session-api';
import { AuthContext, type AuthState } from './auth-context';

/** Holds the signed-in user, read once from the worker (which reads role and plan from D1). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthState['status']>('loading');
  const [user, setUserState] = useState<User | null>(null);

  const setUser = useCallback((next: User | null) => {
    setUserState(next);
    setStatus(next ? 'signed-in' : 'signed-out');
  }, []);

  useEffect(() => {
    let cancelled = false;
    fetchCurrentUser()
      .catch((error: unknown) => {
        // The role then reads as signed out; the spec logs such failures to the console.
        console.warn('Could not read the session', error);
        return null;
      })
      .then((current) => {
        if (!cancelled) setUser(current);
      });
    return () => {
      cancelled = true;
    };
  }, [setUser]);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      console.warn('Sign-out failed', error);
    }
    setUser(null);
  }, [setUser]);

  const value = useMemo(() => ({ status, user, setUser, signOut }), [status, user, setUser, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
