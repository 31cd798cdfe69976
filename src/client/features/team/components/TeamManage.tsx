import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { INVITE_VALID_DAYS, type TeamAnswer } from '../../../../shared/team';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { FormField } from '../../../components/FormField';
import { PATHS } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { cancelInvite, inviteUser, leaveTeam, removeMember, teamQuery } from '../api';
import styles from './Team.module.css';

type Owner = Extract<TeamAnswer, { role: 'owner' }>;

const day = (iso: string) => iso.slice(0, 10);

/** "2 of 3 seats used" (members and pending invites both hold a seat). */
export function seatsText(team: Owner): string {
  const used = team.members.length + team.invites.length;
  return team.seats === null
    ? `${used} seats used, no limit for administrators`
    : `${used} of ${team.seats} seats used`;
}

function useTeamChange<T>(change: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQuery().queryKey }),
  });
}

function InviteForm() {
  const [email, setEmail] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const invite = useTeamChange(inviteUser);
  function submit(event: FormEvent) {
    event.preventDefault();
    setLink(null);
    invite.mutate(email, {
      onSuccess: (created) => {
        setLink((created as { url: string }).url);
        setEmail('');
      },
    });
  }
  const fieldError =
    invite.error instanceof ApiError
      ? invite.error.fields.find((field) => field.path === 'email')?.message
      : undefined;
  return (
    <form onSubmit={submit} noValidate className={styles.invite} aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a user</h2>
      {invite.isError && !fieldError && (
        <Alert tone="error">
          {errorMessage(invite.error)}{' '}
          {invite.error instanceof ApiError && invite.error.status === 402 && (
            <Link to={PATHS.pricing}>Compare plans</Link>
          )}
        </Alert>
      )}
      <FormField
        label="Email"
        type="email"
        value={email}
        error={fieldError}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Inviting...' : 'Invite'}
      </Button>
      {link && (
        <div className={styles.link}>
          <FormField label="Invite link" readOnly value={link} onFocus={(event) => event.target.select()} />
          <p className={styles.note}>
            Send this link to them: it is shown only once and works for {INVITE_VALID_DAYS} days, for that
            email address only.
          </p>
          <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(link)}>
            Copy the link
          </Button>
        </div>
      )}
    </form>
  );
}

function Row({
  label,
  action,
  confirmText,
  onConfirm,
}: {
  label: string;
  action: string;
  confirmText: string;
  onConfirm: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const change = useTeamChange(onConfirm);
  return (
    <li className={styles.row}>
      <span>{label}</span>
      {change.isError && <Alert tone="error">{errorMessage(change.error)}</Alert>}
      {confirming ? (
        <ConfirmDelete
          busy={change.isPending}
          onConfirm={() => change.mutate(undefined)}
          onCancel={() => setConfirming(false)}
        >
          {confirmText}
        </ConfirmDelete>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {action}
          <span className="visually-hidden"> {label}</span>
        </Button>
      )}
    </li>
  );
}

function OwnerView({ team }: { team: Owner }) {
  if (team.seats === 0) {
    return (
      <p>
        Team users come with the Enterprise plan, which includes 3: they share your plan and monthly
        backtests, and their runs stay their own. <Link to={PATHS.pricing}>Compare plans</Link>
      </p>
    );
  }
  return (
    <>
      <p className={styles.seats}>{seatsText(team)}</p>
      <InviteForm />
      <section aria-labelledby="invites-title">
        <h2 id="invites-title">Pending invites</h2>
        {team.invites.length === 0 ? (
          <p>No pending invites.</p>
        ) : (
          <ul className={styles.rows}>
            {team.invites.map((invite) => (
              <Row
                key={invite.id}
                label={`${invite.email} · expires ${day(invite.expiresAt)}`}
                action="Cancel invite"
                confirmText={`Cancel the invite for ${invite.email}? Its link stops working.`}
                onConfirm={() => cancelInvite(invite.id)}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        {team.members.length === 0 ? (
          <p>No members yet.</p>
        ) : (
          <ul className={styles.rows}>
            {team.members.map((member) => (
              <Row
                key={member.id}
                label={`${member.email} · joined ${day(member.joinedAt)}`}
                action="Remove"
                confirmText={`Remove ${member.email} from your team? Their sessions end now, and they go back to their own plan.`}
                onConfirm={() => removeMember(member.id)}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The team: an owner's seats, invites and members, or a member's owner and a way to leave. */
export function TeamManage() {
  const team = useQuery(teamQuery());
  if (team.isPending) return <p role="status">Loading your team...</p>;
  if (team.isError)
    return <Alert tone="error">Your team could not be loaded: {errorMessage(team.error)}</Alert>;
  if (team.data.role === 'member') {
    return (
      <ul className={styles.rows}>
        <Row
          label={`You are on ${team.data.owner.email}’s team, sharing their plan.`}
          action="Leave the team"
          confirmText="Leave this team? You go back to your own plan."
          onConfirm={leaveTeam}
        />
      </ul>
    );
  }
  return <OwnerView team={team.data} />;
}
