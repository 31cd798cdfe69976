import { useLocation, useNavigate } from 'react-router';
import { PATHS, loginPath } from '../../config/paths';
import { Button } from '../../components/Button';
import { ButtonLink } from '../../components/ButtonLink';
import { useAuth } from '../../lib/auth/auth-context';
import styles from './AccountArea.module.css';

/** The navigation bar's account corner: log in, or the welcome line and Log Out (docs/product.md#screens-and-routes). */
export function AccountArea() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  // Signing in from the bar comes back to the page it was on.
  if (!user) {
    const here = `${pathname}${search}`;
    const to = pathname === PATHS.home ? PATHS.login : pathname === PATHS.login ? here : loginPath(here);
    return <ButtonLink to={to}>Log In / Sign Up</ButtonLink>;
  }

  const name = user.displayName || user.email;
  return (
    <div className={styles.account}>
      <span className={styles.welcome} title={name}>
        Welcome, {name}
      </span>
      <Button
        variant="secondary"
        onClick={async () => {
          await signOut();
          navigate(PATHS.login);
        }}
      >
        Log Out
      </Button>
    </div>
  );
}
