import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/**
 * Makes sure the local `.dev.vars` has a SESSION_SECRET, writing a random one when it has none,
 * so a new user needs no setup. The file is git-ignored; deployed Workers get their secret from
 * `wrangler secret put SESSION_SECRET`.
 */
export function ensureLocalSessionSecret(path = '.dev.vars') {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (/^SESSION_SECRET=.{32,}$/m.test(current)) return false;
  const separator = current === '' || current.endsWith('\n') ? '' : '\n';
  appendFileSync(
    path,
    `${separator}# Written by npm run dev: a random local signing key for session cookies.\nSESSION_SECRET=${randomBytes(32).toString('base64url')}\n`,
  );
  console.log(`Wrote a random SESSION_SECRET into ${path}.`);
  return true;
}

/**
 * Makes sure the local `.dev.vars` names the environment `development` (it turns on the mail
 * outbox, GET /api/dev/outbox), unless the file already names one. Deployed Workers have no
 * ENVIRONMENT variable and behave as production.
 */
export function ensureLocalEnvironment(path = '.dev.vars') {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (/^ENVIRONMENT=/m.test(current)) return false;
  const separator = current === '' || current.endsWith('\n') ? '' : '\n';
  appendFileSync(
    path,
    `${separator}# Written by npm run dev: local mail goes to the outbox (GET /api/dev/outbox).\nENVIRONMENT=development\n`,
  );
  return true;
}
