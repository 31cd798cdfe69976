/** The pages behind the links the site mails, and the form that asks for a reset link. */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../config/paths';
import { ConfirmEmail } from '../features/account/components/ConfirmEmail';
import { ForgotPasswordForm } from '../features/account/components/ForgotPasswordForm';
import { ResetPasswordForm } from '../features/account/components/ResetPasswordForm';
import { VerifyEmail } from '../features/account/components/VerifyEmail';
import { useDocumentMeta } from '../lib/useDocumentMeta';
import styles from './LoginPage.module.css';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="container page" aria-labelledby={id}>
      <div className={styles.panel}>
        <h1 id={id}>{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** The link's token (empty when the URL has none: the action then stays disabled). */
function useToken(): string {
  const [params] = useSearchParams();
  return params.get('token') ?? '';
}

export function ForgotPasswordPage() {
  useDocumentMeta('Forgot your password', 'Get a link to choose a new Backtest Studio password.');
  return (
    <Panel id="forgot-title" title="Forgot your password?">
      <p>Enter your account’s email address and we will send you a link to choose a new password.</p>
      <ForgotPasswordForm />
      <p>
        <Link to={PATHS.login}>Back to log in</Link>
      </p>
    </Panel>
  );
}

export function ResetPasswordPage() {
  useDocumentMeta('Choose a new password', 'Choose a new password for your Backtest Studio account.');
  return (
    <Panel id="reset-title" title="Choose a new password">
      <ResetPasswordForm token={useToken()} />
    </Panel>
  );
}

export function VerifyEmailPage() {
  useDocumentMeta('Verify your email address', 'Confirm the email address of your Backtest Studio account.');
  return (
    <Panel id="verify-title" title="Verify your email address">
      <VerifyEmail token={useToken()} />
    </Panel>
  );
}

export function ConfirmEmailPage() {
  useDocumentMeta('Confirm your new email address', 'Move your Backtest Studio account to a new address.');
  return (
    <Panel id="confirm-email-title" title="Confirm your new email address">
      <ConfirmEmail token={useToken()} />
    </Panel>
  );
}
