import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';

/** A load that failed: the alert saying why (the children) and a button that asks again. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <>
      <Alert tone="error">{children}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </>
  );
}
