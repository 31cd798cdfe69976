/**
 * Addresses that have had their free trial, as hashes (migrations/0022_remember_used_trials.sql;
 * the hash is src/worker/account/trial-address.ts). createUser reads them.
 */

/** Remembers that the address of `addressHash` had its trial (its account is being deleted). */
export function rememberUsedTrial(db: D1Database, addressHash: string): D1PreparedStatement {
  return db
    .prepare('INSERT INTO used_trial_addresses (address_hash) VALUES (?1) ON CONFLICT DO NOTHING')
    .bind(addressHash);
}
