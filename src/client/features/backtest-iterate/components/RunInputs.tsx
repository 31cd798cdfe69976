import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { BacktestRun } from '../../../../shared/api/backtests';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { backtestResultPath, compareBacktestsPath } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { backtestQuery } from '../../../lib/backtests/api';
import { errorMessage } from '../../../lib/error-message';
import { runCostText, runsLeft, runsUsedText, usageQuery } from '../../../lib/usage';
import forms from '../../../styles/forms.module.css';
import { runBacktest } from '../api';
import { type RunInput, inputErrors, requestWithInputs, runInputs, stepped } from '../run-inputs';
import styles from './RunInputs.module.css';
import { queryKeys } from '../../../lib/query-keys';

/** The query parameter naming the run this one was edited from. */
export const PREVIOUS_PARAM = 'previous';

const fieldId = (path: string) => `input-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;

/**
 * The run's numeric settings as fields with steppers. "Run with these inputs" (or Enter in a
 * field) stores the edited request as a new run, one of the month's quota, and shows it here
 * in place of this one; the run it came from stays a click away.
 */
export function RunInputs({ run, pricingLink }: { run: BacktestRun; pricingLink: ReactNode }) {
  const inputs = useMemo(() => runInputs(run.request), [run.request]);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const usage = useQuery(usageQuery());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const previous = searchParams.get(PREVIOUS_PARAM);

  const changed = inputs.filter(
    (input) => edits[input.path] !== undefined && edits[input.path] !== input.value,
  );
  const request = useMemo(() => requestWithInputs(run.request, edits), [run.request, edits]);
  const errors = useMemo(() => inputErrors(request), [request]);
  const errorAt = (path: string) =>
    checked ? errors.find((error) => error.path === path)?.message : undefined;
  const otherErrors = errors.filter((error) => !inputs.some((input) => input.path === error.path));
  const left = runsLeft(usage.data);

  const rerun = useMutation({
    mutationFn: async () => {
      const created = await runBacktest(request);
      // The new run is read before the page moves to it, so the report is replaced without a gap.
      await queryClient.fetchQuery(backtestQuery(created.id));
      return created;
    },
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: usageQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: queryKeys.backtests.list });
      navigate(`${backtestResultPath(created.id)}?${PREVIOUS_PARAM}=${encodeURIComponent(run.id)}`);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (changed.length === 0 || errors.length > 0 || rerun.isPending || left === 0) return;
    rerun.mutate();
  }

  const setValue = (path: string, text: string) => setEdits((current) => ({ ...current, [path]: text }));
  const quotaError = rerun.error instanceof ApiError && rerun.error.status === 402;

  return (
    <section aria-labelledby="inputs-title" className={styles.panel}>
      <div className={styles.head}>
        <h2 id="inputs-title">Inputs</h2>
        {previous && previous !== run.id && (
          <p className={styles.previous}>
            <Link to={compareBacktestsPath([previous, run.id])}>Compare with the previous</Link>
            {' · '}
            <Link to={backtestResultPath(previous)}>Open the previous run</Link>
          </p>
        )}
      </div>
      <form onSubmit={submit} noValidate aria-describedby="inputs-help">
        <p id="inputs-help" className={forms.hint}>
          Change a value and press Enter or the button to run the strategy again; the new run replaces this
          report.
        </p>
        <div className={styles.grid}>
          {inputs.map((input) => (
            <InputField
              key={input.path}
              input={input}
              text={edits[input.path] ?? input.value}
              error={errorAt(input.path)}
              onChange={(text) => setValue(input.path, text)}
            />
          ))}
        </div>
        {checked && otherErrors.length > 0 && (
          <Alert tone="error">
            <ul className={styles.errors}>
              {otherErrors.map((error) => (
                <li key={`${error.path}:${error.message}`}>{error.message}</li>
              ))}
            </ul>
          </Alert>
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={rerun.isPending || left === 0}>
            {rerun.isPending ? 'Running...' : 'Run with these inputs'}
            <span className={styles.buttonCost}> ({runCostText(usage.data)})</span>
          </Button>
          {left === 0 && usage.data && (
            <span className={styles.cost}>
              {runsUsedText(usage.data)}. {pricingLink}
            </span>
          )}
          {changed.length > 0 && (
            <Button variant="secondary" onClick={() => setEdits({})} disabled={rerun.isPending}>
              Reset
            </Button>
          )}
        </div>
        <p role="status" className={styles.status}>
          {checked && changed.length === 0 && !rerun.isPending
            ? 'Change a value first: these are the run\u2019s own inputs.'
            : ''}
        </p>
        {rerun.isError && (
          <Alert tone="error">
            {errorMessage(rerun.error)} {quotaError && pricingLink}
          </Alert>
        )}
      </form>
    </section>
  );
}

function InputField({
  input,
  text,
  error,
  onChange,
}: {
  input: RunInput;
  text: string;
  error: string | undefined;
  onChange: (text: string) => void;
}) {
  const id = fieldId(input.path);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {input.label}
      </label>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.step}
          aria-label={`Decrease ${input.label}`}
          onClick={() => onChange(stepped(input, text, -1))}
        >
          −
        </button>
        <input
          id={id}
          className={`${forms.control} ${styles.input}`}
          inputMode="decimal"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
              event.preventDefault();
              onChange(stepped(input, text, event.key === 'ArrowUp' ? 1 : -1));
            }
          }}
        />
        <button
          type="button"
          className={styles.step}
          aria-label={`Increase ${input.label}`}
          onClick={() => onChange(stepped(input, text, 1))}
        >
          +
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className={forms.error}>
          {error}
        </p>
      )}
    </div>
  );
}
