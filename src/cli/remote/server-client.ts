/**
 * Calls to a Backtest Studio server for the `remote` commands: the personal access token from
 * BACKTEST_STUDIO_TOKEN as a Bearer token, JSON both ways, the API's error shape turned into
 * one readable error.
 */
import type * as z from 'zod';
import { apiErrorBodySchema } from '../../shared/api-error';
import { TOKEN_ENV_VARIABLE } from '../../shared/api-tokens';
import { UsageError } from '../usage';

export class ServerClient {
  private constructor(
    private readonly server: URL,
    private readonly token: string,
  ) {}

  /** The client of `--server URL` with the environment's token; a usage error without either. */
  static from(server: string | undefined, env: NodeJS.ProcessEnv = process.env): ServerClient {
    if (!server) throw new UsageError('remote commands need --server URL (e.g. https://your-host)');
    let url: URL;
    try {
      url = new URL(server);
    } catch {
      throw new UsageError(`--server is not a URL: "${server}"`);
    }
    const token = env[TOKEN_ENV_VARIABLE]?.trim();
    if (!token) {
      throw new UsageError(`set ${TOKEN_ENV_VARIABLE} to a personal access token (create one on /account)`);
    }
    return new ServerClient(url, token);
  }

  /** The answer of `method path`, parsed by its schema; an error naming the status and the API's message. */
  async call<S extends z.ZodType>(
    method: string,
    path: string,
    answer: S,
    body?: unknown,
  ): Promise<z.output<S>> {
    const url = new URL(path, this.server);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new Error(`cannot reach ${url.origin}: ${(error as Error).message}`, { cause: error });
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${url.pathname}: ${res.status} ${res.statusText}, not a JSON answer`);
    }
    if (!res.ok) {
      const parsed = apiErrorBodySchema.safeParse(json);
      if (!parsed.success) throw new Error(`${method} ${url.pathname}: ${res.status} ${res.statusText}`);
      const fields = (parsed.data.error.fields ?? []).map(
        ({ path: field, message }) => `\n  ${field}: ${message}`,
      );
      const retry = res.headers.get('retry-after');
      throw new Error(
        `${method} ${url.pathname}: ${res.status} ${parsed.data.error.message}${fields.join('')}` +
          (retry ? ` (retry after ${retry} s)` : ''),
      );
    }
    return answer.parse(json);
  }
}
