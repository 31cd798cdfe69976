import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import styles from './BacktestForm.module.css';

interface DuplicateRunPromptProps {
  /** Follows the run already in flight instead of starting another. */
  onFollow: () => void;
  /** Sends the request anyway: one more run of the month. */
  onRunAgain: () => void;
}

/**
 * Asked on Final Submit when the very same backtest is still running: follow that run, or spend
 * one more run on it. Focus moves to the first answer, so a keyboard user lands on the question.
 */
export function DuplicateRunPrompt({ onFollow, onRunAgain }: DuplicateRunPromptProps) {
  const answers = useRef<HTMLDivElement>(null);
  useEffect(() => answers.current?.querySelector('button')?.focus(), []);
  return (
    <Alert tone="warning">
      <p className={styles.promptText}>
        <strong>This exact backtest is still running.</strong> Run it again anyway? A second run uses one more
        run of the month; following the running one costs nothing.
      </p>
      <div ref={answers} className={styles.actions}>
        <Button onClick={onFollow}>Follow the running one</Button>
        <Button variant="secondary" onClick={onRunAgain}>
          Run it again
        </Button>
      </div>
    </Alert>
  );
}
