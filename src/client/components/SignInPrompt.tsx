import { Link, useLocation } from 'react-router';
import { loginPath } from '../config/paths';

/** Backtests belong to accounts: asks a signed-out visitor to log in and brings them back. */
export function SignInPrompt({ what }: { what: string }) {
  const location = useLocation();
  return (
    <p>
      <Link to={loginPath(`${location.pathname}${location.search}`)}>Log in</Link> to see {what}.
    </p>
  );
}
