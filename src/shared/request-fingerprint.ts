/**
 * A short fingerprint of a backtest request as the server stores it (the request schema's
 * output): FNV-1a (64 bits) of its JSON with every object's keys sorted, so the same backtest
 * gives the same fingerprint whatever order its keys came in. It tells a repeated request
 * apart cheaply on either side; it is no secret and no signature.
 */

/** JSON with object keys in sorted order at every depth (undefined members left out, as JSON does). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => {
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
    const record = member as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, record[key]]),
    );
  });
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = (1n << 64n) - 1n;

/** FNV-1a of the text's UTF-16 code units, as 16 hex digits. */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) {
    hash = ((hash ^ BigInt(text.charCodeAt(i))) * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}

export function requestFingerprint(request: unknown): string {
  return fnv1a64(canonicalJson(request));
}
