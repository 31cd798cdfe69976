import { Link, useLocation } from 'react-router';
import { PATHS } from '../config/paths';

/** Backtests belong to accounts: asks a signed-out visitor to log in and brings them back. */
export function SignInPrompt({ what }: { what: string }) {
  const location = useLocation();
  return (
    <p>
      <Link to={PATHS.login} state={{ from: location.pathname }}>
        Log in
      </Link>{' '}
      to see {what}.
    </p>
  );
}
