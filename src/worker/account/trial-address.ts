/**
 * The fingerprint kept of a deleted account's email address, so that the address gets one free
 * trial only: HMAC-SHA-256 of the normalised address keyed with SESSION_SECRET. Without the key
 * nobody can test a guessed address against it; rotating SESSION_SECRET forgets every one.
 */
import type { Env } from '../env';
import { sessionSecret } from '../auth/config';

/** Addresses as accounts store them: trimmed and lower-cased (shared/auth.ts). */
const normalised = (email: string) => email.trim().toLowerCase();

/** Keeps these hashes apart from anything else the same key signs (session tokens). */
const PURPOSE = 'free-trial-address:';

export async function trialAddressHash(env: Env, email: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    sessionSecret(env),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(PURPOSE + normalised(email)));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
