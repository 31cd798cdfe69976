import { verifyEmail } from './browser';

/**
 * A new account on the e2e server, its address verified (minting a token needs that), and a
 * personal access token of it, made over plain HTTP from Node.
 */
export async function accountWithToken(
  baseUrl: string,
  prefix: string,
  scope: 'read' | 'run' = 'run',
): Promise<{ token: string; cookie: string }> {
  // Each account signs up from its own documentation address (the sign-up limit is per IP).
  const ip = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  const email = `${prefix}-${Date.now()}@example.com`;
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'cf-connecting-ip': ip },
    body: JSON.stringify({ email, password: 'a long enough password' }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  await verifyEmail(baseUrl, email);
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const created = await fetch(`${baseUrl}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ name: prefix, expiresInDays: 30, scope }),
  });
  if (created.status !== 201) throw new Error(`POST /api/tokens answered ${created.status}`);
  const { token } = (await created.json()) as { token: string };
  return { token, cookie };
}
