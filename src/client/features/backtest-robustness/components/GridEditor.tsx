import { Button } from '../../../components/Button';
import type { BacktestRequest } from '../../../../shared/backtest-request';
import { type GridRow, parseValues } from '../grid-editor';
import { settingLabel } from '../settings';
import styles from './Robustness.module.css';

interface GridEditorProps {
  request: BacktestRequest;
  rows: readonly GridRow[];
  onChange: (rows: GridRow[]) => void;
  size: number;
  limit: number;
}

/** The settings to sweep, one row each: the values (comma-separated) and a button to drop it. */
export function GridEditor({ request, rows, onChange, size, limit }: GridEditorProps) {
  const edit = (path: string, text: string) =>
    onChange(rows.map((row) => (row.path === path ? { ...row, text } : row)));
  const remove = (path: string) => onChange(rows.filter((row) => row.path !== path));

  return (
    <fieldset className={styles.fieldset}>
      <legend>Settings to sweep</legend>
      {rows.length === 0 ? (
        <p>No setting left to sweep. Reload the page to start again from the defaults.</p>
      ) : (
        <ul className={styles.gridRows}>
          {rows.map((row) => {
            const label = settingLabel(request, row.path);
            const values = parseValues(row.text);
            const id = `grid-${row.path}`;
            return (
              <li key={row.path} className={styles.gridRow}>
                <label htmlFor={id}>{label}</label>
                <input
                  id={id}
                  value={row.text}
                  inputMode="decimal"
                  aria-invalid={values === null}
                  aria-describedby={`${id}-count`}
                  onChange={(event) => edit(row.path, event.target.value)}
                />
                <span id={`${id}-count`} className={values === null ? styles.invalid : styles.muted}>
                  {values === null ? 'List numbers separated by commas.' : `${values.length} values`}
                </span>
                <Button variant="secondary" onClick={() => remove(row.path)} aria-label={`Remove ${label}`}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <p className={size > limit ? styles.invalid : styles.size} aria-live="polite" data-testid="grid-size">
        {size.toLocaleString('en-US')} configurations of the {limit.toLocaleString('en-US')} your plan allows
        per analysis
        {size > limit ? ': sweep fewer values or remove a setting.' : '.'}
      </p>
    </fieldset>
  );
}
