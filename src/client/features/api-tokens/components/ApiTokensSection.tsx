import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { ApiToken } from '../../../../shared/api/tokens';
import {
  TOKEN_ENV_VARIABLE,
  TOKEN_LIFETIMES_DAYS,
  TOKEN_REQUESTS_PER_MINUTE,
  type TokenScope,
} from '../../../../shared/api-tokens';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { FormField } from '../../../components/FormField';
import { LoadError } from '../../../components/LoadError';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { errorMessage } from '../../../lib/error-message';
import { createToken, revokeToken, tokensQuery } from '../api';
import styles from './ApiTokens.module.css';
import forms from '../../../styles/forms.module.css';

const day = (iso: string) => iso.slice(0, 10);

const SCOPE_TEXT: Record<TokenScope, string> = {
  read: 'Read: see your runs, jobs, portfolios and data',
  run: 'Run: also start and cancel backtests and analyses',
};

/** "Read · expires 2027-02-24 · last used 2026-11-26", or "expired" once past its date. */
export function tokenMeta(token: ApiToken, now = new Date()): string {
  const expired = Date.parse(token.expiresAt) <= now.getTime();
  return [
    token.scope === 'read' ? 'Read' : 'Run',
    expired ? `expired ${day(token.expiresAt)}` : `expires ${day(token.expiresAt)}`,
    token.lastUsedAt ? `last used ${day(token.lastUsedAt)}` : 'never used',
  ].join(' · ');
}

function useTokensChange<T, R>(change: (arg: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQuery().queryKey }),
  });
}

function CreateTokenForm() {
  const [name, setName] = useState('');
  const [expiresInDays, setExpiresInDays] = useState<(typeof TOKEN_LIFETIMES_DAYS)[number]>(90);
  const [scope, setScope] = useState<TokenScope>('read');
  const [token, setToken] = useState<string | null>(null);
  const create = useTokensChange(createToken);
  const expiryId = useId();
  const scopeId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    setToken(null);
    create.mutate(
      { name, expiresInDays, scope },
      {
        onSuccess: (created) => {
          setToken(created.token);
          setName('');
        },
      },
    );
  }
  const fieldError = (path: string) =>
    create.error instanceof ApiError
      ? create.error.fields.find((field) => field.path === path)?.message
      : undefined;

  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-labelledby="new-token-title">
      <h3 id="new-token-title">Create a token</h3>
      <FormField
        label="Token name"
        hint="What it is for, e.g. “Research notebook”"
        value={name}
        maxLength={100}
        error={fieldError('name')}
        onChange={(event) => setName(event.target.value)}
      />
      <div className={styles.choice}>
        <label htmlFor={expiryId}>Expires after</label>
        <select
          id={expiryId}
          className={forms.control}
          value={expiresInDays}
          onChange={(event) => setExpiresInDays(Number(event.target.value) as typeof expiresInDays)}
        >
          {TOKEN_LIFETIMES_DAYS.map((days) => (
            <option key={days} value={days}>
              {days} days
            </option>
          ))}
        </select>
      </div>
      <div className={styles.choice}>
        <label htmlFor={scopeId}>Scope</label>
        <select
          id={scopeId}
          className={forms.control}
          value={scope}
          onChange={(event) => setScope(event.target.value as TokenScope)}
        >
          {(Object.keys(SCOPE_TEXT) as TokenScope[]).map((value) => (
            <option key={value} value={value}>
              {SCOPE_TEXT[value]}
            </option>
          ))}
        </select>
      </div>
      {/* Beside the button, where the eye is after pressing it: a refusal (403) says what to do. */}
      {create.isError && !fieldError('name') && <Alert tone="error">{errorMessage(create.error)}</Alert>}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create token'}
      </Button>
      {token && (
        <div className={styles.created}>
          <FormField
            label="Your new token"
            readOnly
            value={token}
            onFocus={(event) => event.target.select()}
          />
          <p className={styles.note}>
            Copy it now: it is shown only once. Send it as <code>Authorization: Bearer …</code>, or set{' '}
            <code>{TOKEN_ENV_VARIABLE}</code> for the command line.
          </p>
          <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(token)}>
            Copy the token
          </Button>
        </div>
      )}
    </form>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useTokensChange(() => revokeToken(token.id));
  return (
    <li className={styles.row}>
      <span>
        <strong>{token.name}</strong> <span className={styles.meta}>{tokenMeta(token)}</span>
      </span>
      {revoke.isError && <Alert tone="error">{errorMessage(revoke.error)}</Alert>}
      {confirming ? (
        <ConfirmDelete
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate(undefined)}
          onCancel={() => setConfirming(false)}
        >
          Revoke “{token.name}”? Scripts using it get 401 from now on.
        </ConfirmDelete>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Revoke<span className="visually-hidden"> {token.name}</span>
        </Button>
      )}
    </li>
  );
}

/**
 * The account's "API tokens": personal access tokens for scripts and notebooks, created with a
 * name, an expiry and a scope, shown once, listed with their last use and revocable.
 */
export function ApiTokensSection() {
  const tokens = useQuery(tokensQuery());
  const { user } = useAuth();
  return (
    <section className={styles.section} aria-labelledby="api-tokens-title">
      <h2 id="api-tokens-title">API tokens</h2>
      <p className={styles.note}>
        Use the API from scripts and notebooks: see the <a href="/api/docs">API reference</a> and{' '}
        <a href="/resources/documentation/api">Use the API</a>. Each token may make{' '}
        {TOKEN_REQUESTS_PER_MINUTE} requests a minute; its runs count toward your monthly backtests. Tokens
        cannot change your account, billing, team or share links, and a new password or email address revokes
        them all.
      </p>
      {user && !user.emailVerified && (
        <Alert tone="info">Verify your email address to create API tokens: open the link we sent you.</Alert>
      )}
      <CreateTokenForm />
      <h3>Your tokens</h3>
      {tokens.isPending && <p>Loading...</p>}
      {tokens.isError && (
        <LoadError onRetry={() => void tokens.refetch()}>{errorMessage(tokens.error)}</LoadError>
      )}
      {tokens.isSuccess &&
        (tokens.data.tokens.length === 0 ? (
          <p>No tokens yet.</p>
        ) : (
          <ul className={styles.rows}>
            {tokens.data.tokens.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        ))}
    </section>
  );
}
