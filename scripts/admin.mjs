// npm run admin -- grant|revoke EMAIL [--remote]
// Changes a user's role in the local D1 (or the deployed one with --remote) and ends the
// user's sessions, so the new role applies at their next sign-in.
import { spawnSync } from 'node:child_process';
import { offlineEnv } from './offline-env.mjs';

const USAGE = 'Usage: npm run admin -- grant|revoke EMAIL [--remote]';
const args = process.argv.slice(2);
const remote = args.includes('--remote');
const [action, rawEmail] = args.filter((arg) => arg !== '--remote');

if (!['grant', 'revoke'].includes(action ?? '') || !rawEmail) {
  console.error(USAGE);
  process.exit(2);
}
const email = rawEmail.trim().toLowerCase();
// wrangler d1 execute takes no bound parameters: accept only plain email characters, so the
// address can be quoted safely in SQL.
if (!/^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/.test(email)) {
  console.error(`Not a plain email address: ${rawEmail}`);
  process.exit(2);
}
const role = action === 'grant' ? 'admin' : 'basic';
const sql = [
  `UPDATE users SET role = '${role}' WHERE email = '${email}'`,
  `DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE email = '${email}')`,
  `SELECT count(*) AS found FROM users WHERE email = '${email}' AND role = '${role}'`,
].join('; ');

const result = spawnSync(
  'node_modules/.bin/wrangler',
  ['d1', 'execute', 'DB', remote ? '--remote' : '--local', '-c', 'wrangler.toml', '--json', '--command', sql],
  { env: offlineEnv(), encoding: 'utf8' },
);
if (result.status !== 0) {
  console.error(result.stderr || result.stdout);
  process.exit(1);
}
const statements = JSON.parse(result.stdout);
const found = statements.at(-1)?.results?.[0]?.found ?? 0;
if (found !== 1) {
  console.error(`No user with the email ${email} in the ${remote ? 'remote' : 'local'} database.`);
  process.exit(1);
}
console.log(
  `${email} is now ${role === 'admin' ? 'an admin' : 'a basic user'} (${remote ? 'remote' : 'local'} D1).`,
);
