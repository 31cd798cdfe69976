import { Link } from 'react-router';
import { TOKEN_ENV_VARIABLE, TOKEN_REQUESTS_PER_MINUTE } from '../../shared/api-tokens';
import { PATHS } from '../config/paths';
import { SitePage } from '../features/site/components/SitePage';
import { API_EXAMPLES, SERVER_ENV_VARIABLE } from '../features/site/content/api-guide';
import styles from './ApiGuidePage.module.css';

/** /resources/documentation/api: tokens, the reference, curl and Python examples, the remote CLI. */
export function ApiGuidePage() {
  return (
    <SitePage
      title="Use the API"
      lead="Run backtests and robustness analyses from scripts and notebooks with a personal access token."
      description="Backtest Studio's JSON API: personal access tokens, the OpenAPI reference, curl and Python examples and the remote command line."
      trail={[{ label: 'Documentation', to: PATHS.documentation }]}
    >
      <section aria-labelledby="api-token-title" className={styles.part}>
        <h2 id="api-token-title">1. Create a token</h2>
        <p>
          On <Link to={PATHS.account}>your account</Link>, once your email address is verified, create a token
          under “API tokens” with a name, an expiry (30, 90 or 365 days) and a scope: <strong>read</strong>{' '}
          reads your runs, jobs, analyses, portfolios, datasets, usage and market data; <strong>run</strong>{' '}
          also starts and cancels backtests, ML and portfolio runs, sweeps and robustness analyses. No token
          can change your account, billing, team, share links or tokens (403). The token is shown once; only
          its hash is kept. Revoke it there at any time; a new password or email address, “Log out everywhere”
          and deleting the account revoke every token.
        </p>
        <p>
          Send it as <code>Authorization: Bearer bts_…</code>. Requests with a token need no cookie and no
          Origin header, and never set cookies. Each token may make {TOKEN_REQUESTS_PER_MINUTE} requests a
          minute (then 429 with <code>Retry-After</code>); runs count toward your plan’s monthly backtests.
        </p>
        <p>
          Every route, its request and its answers are in the <a href="/api/docs">API reference</a> (its
          OpenAPI 3.1 document: <a href="/api/openapi.json">/api/openapi.json</a>). The examples below read
          the server’s address from <code>{SERVER_ENV_VARIABLE}</code> and the token from{' '}
          <code>{TOKEN_ENV_VARIABLE}</code>.
        </p>
      </section>
      {API_EXAMPLES.map((example, index) => (
        <section key={example.id} aria-labelledby={`${example.id}-title`} className={styles.part}>
          <h2 id={`${example.id}-title`}>
            {index + 2}. {example.title}
          </h2>
          <p>{example.text}</p>
          <pre className={styles.code} tabIndex={0} aria-label={`${example.title}: code`}>
            <code>{example.code}</code>
          </pre>
        </section>
      ))}
      <section aria-labelledby="api-cli-title" className={styles.part}>
        <h2 id="api-cli-title">{API_EXAMPLES.length + 2}. The command line</h2>
        <p>
          The engine’s command line runs the same work on the server and prints the same JSON as its local
          commands, so a script can switch between them:
        </p>
        <pre className={styles.code} tabIndex={0} aria-label="Command line: code">
          <code>{`export ${TOKEN_ENV_VARIABLE}=bts_…
npm run -s engine -- remote backtest --request R.json --server https://your-host
npm run -s engine -- remote robustness --id RUN_ID --grid G.json --server https://your-host
npm run -s engine -- remote get --id RUN_ID --server https://your-host
npm run -s engine -- export --request R.json --format pine`}</code>
        </pre>
      </section>
    </SitePage>
  );
}
