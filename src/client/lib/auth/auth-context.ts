import { createContext, useContext } from 'react';
import type { User } from '../../../shared/auth';

export interface AuthState {
  /** 'loading' until the first /api/auth/me answer. */
  status: 'loading' | 'signed-in' | 'signed-out';
  user: User | null;
  /** Stores the user a login or register call returned. */
  setUser(user: User | null): void;
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
