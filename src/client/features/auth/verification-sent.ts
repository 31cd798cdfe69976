/**
 * Registering sends a verification mail: the login page passes the address in the history state
 * of the page it goes to, where the notice says so.
 */
const KEY = 'verificationSentTo';

/** The history state that tells the next page a verification mail went to `email`. */
export const verificationSentState = (email: string) => ({ [KEY]: email });

/** The address a verification mail just went to, from a page's history state, if any. */
export function verificationSentTo(state: unknown): string | null {
  const email = (state as Record<string, unknown> | null)?.[KEY];
  return typeof email === 'string' ? email : null;
}
