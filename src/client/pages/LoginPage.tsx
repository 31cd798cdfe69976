import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginSchema, registerSchema } from '../../shared/auth';
import { toFieldErrors } from '../../shared/validation-errors';
import { NEXT_PARAM, PATHS } from '../config/paths';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { FormField } from '../components/FormField';
import { login, register } from '../features/auth/api';
import { useAuth } from '../lib/auth/auth-context';
import { startGoogleSignIn } from '../features/auth/google';
import { verificationSentState } from '../features/auth/verification-sent';
import { useDocumentMeta } from '../lib/useDocumentMeta';
import styles from './LoginPage.module.css';

type Mode = 'login' | 'register';

const isSitePath = (path: unknown): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

/**
 * Where to go after signing in: back to the page that sent the user here (`?next=`, or the
 * `from` a link passed in history state), else home.
 */
function destination(search: string, state: unknown): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  if (isSitePath(next)) return next;
  const from = (state as { from?: unknown } | null)?.from;
  return isSitePath(from) ? from : PATHS.home;
}

/** Log in or register with email and password, or with Google (docs/product.md#screens-and-routes). */
export function LoginPage() {
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { user, setUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const isLogin = mode === 'login';

  useDocumentMeta(
    isLogin ? 'Log in' : 'Create an account',
    'Log in to Backtest Studio, or create an account to run backtests.',
  );

  function switchMode() {
    setMode(isLogin ? 'register' : 'login');
    setFieldErrors({});
    setFormError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const input = isLogin ? { email, password } : { email, password, displayName: displayName || undefined };
    const parsed = (isLogin ? loginSchema : registerSchema).safeParse(input);
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(toFieldErrors(parsed.error).map((e) => [e.path, e.message])));
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const signedIn = isLogin ? await login(parsed.data) : await register(parsed.data);
      setUser(signedIn);
      navigate(destination(location.search, location.state), {
        replace: true,
        // Registering sent a verification mail: the page the user lands on says where.
        ...(isLogin ? {} : { state: verificationSentState(signedIn.email) }),
      });
    } catch (error) {
      setFormError(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  }

  async function signInWithGoogle() {
    setFormError(null);
    setBusy(true);
    setFormError(await startGoogleSignIn());
    setBusy(false);
  }

  return (
    <section className="container page" aria-labelledby="login-title">
      <div className={styles.panel}>
        <h1 id="login-title">{isLogin ? 'Log in' : 'Create an account'}</h1>
        {user && (
          <Alert tone="info">
            You are signed in as {user.email}. <Link to={PATHS.home}>Go to the home page</Link>
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          {!isLogin && (
            <FormField
              label="Display name (optional)"
              name="displayName"
              autoComplete="name"
              value={displayName}
              onChange={(event) => setDisplayName(event.target.value)}
              error={fieldErrors.displayName}
            />
          )}
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldErrors.email}
          />
          <FormField
            label="Password"
            name="password"
            type="password"
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            required
            hint={isLogin ? undefined : 'At least 8 characters.'}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldErrors.password}
          />
          {isLogin && (
            <p className={styles.forgot}>
              <Link to={PATHS.forgotPassword}>Forgot password?</Link>
            </p>
          )}
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className={styles.actions}>
            <Button type="submit" disabled={busy}>
              {isLogin ? 'Log In' : 'Register'}
            </Button>
            <p className={styles.divider}>or</p>
            <Button variant="secondary" onClick={signInWithGoogle} disabled={busy}>
              Sign In with Google
            </Button>
          </div>
        </form>
        <p className={styles.toggle}>
          {isLogin ? 'New here? ' : 'Already have an account? '}
          <button type="button" className={styles.linkButton} onClick={switchMode}>
            {isLogin ? 'Create an account' : 'Log in instead'}
          </button>
        </p>
      </div>
    </section>
  );
}
