import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { errorMessage } from '../../../lib/error-message';

interface EmailLinkActionProps {
  token: string;
  /** The call the link stands for, given its token. */
  spend: (token: string) => Promise<void>;
  label: string;
  done: ReactNode;
  onDone?: () => void;
}

/**
 * A link from a mail, used by a click rather than on opening: mail scanners that open links
 * must not spend them.
 */
export function EmailLinkAction({ token, spend, label, done, onDone }: EmailLinkActionProps) {
  const action = useMutation({ mutationFn: () => spend(token), onSuccess: onDone });
  if (action.isSuccess) return <Alert tone="success">{done}</Alert>;
  return (
    <>
      {action.isError && <Alert tone="error">{errorMessage(action.error)}</Alert>}
      <Button onClick={() => action.mutate()} disabled={action.isPending || token === ''}>
        {label}
      </Button>
    </>
  );
}
