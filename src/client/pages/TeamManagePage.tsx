import { Link, useLocation, useSearchParams } from 'react-router';
import { loginPath } from '../config/paths';
import { SignInPrompt } from '../components/SignInPrompt';
import { useAuth } from '../lib/auth/auth-context';
import { TeamJoin } from '../features/team/components/TeamJoin';
import { TeamManage } from '../features/team/components/TeamManage';
import { useDocumentMeta } from '../lib/useDocumentMeta';

/** /team/manage: an Enterprise owner's team seats, or a member's team. */
export function TeamManagePage() {
  const { status } = useAuth();
  useDocumentMeta('Your team', 'Invite users to share your Enterprise plan, and manage your team.');
  return (
    <section className="container page" aria-labelledby="team-title">
      <h1 id="team-title">Your team</h1>
      {status === 'loading' && <p>Loading...</p>}
      {status === 'signed-out' && <SignInPrompt what="your team" />}
      {status === 'signed-in' && <TeamManage />}
    </section>
  );
}

/** /team/join?token=…: accepts an invite; a signed-out visitor signs in first and comes back here. */
export function TeamJoinPage() {
  const { status } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  useDocumentMeta('Join a team', 'Accept an invite to a team on Backtest Studio.');
  return (
    <section className="container page" aria-labelledby="join-title">
      <h1 id="join-title">Join a team</h1>
      {status === 'loading' && <p>Loading...</p>}
      {status === 'signed-out' && (
        <p>
          <Link to={loginPath(`${location.pathname}${location.search}`)}>Log in</Link> with the email address
          the invite was sent to, then accept it here.
        </p>
      )}
      {status === 'signed-in' && <TeamJoin token={params.get('token') ?? ''} />}
    </section>
  );
}
