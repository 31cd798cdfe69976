import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { PATHS } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { joinTeam } from '../api';

/** Accepts an invite link's token for the signed-in user, with the API's message when it cannot. */
export function TeamJoin({ token }: { token: string }) {
  const join = useMutation({ mutationFn: () => joinTeam(token) });
  if (join.isSuccess) {
    return (
      <Alert tone="success">
        You joined {join.data.owner.email}’s team. <Link to={PATHS.teamManage}>See your team</Link>
      </Alert>
    );
  }
  return (
    <>
      {join.isError && <Alert tone="error">{errorMessage(join.error)}</Alert>}
      <Button onClick={() => join.mutate()} disabled={join.isPending || token === ''}>
        {join.isPending ? 'Joining...' : 'Accept the invite'}
      </Button>
    </>
  );
}
