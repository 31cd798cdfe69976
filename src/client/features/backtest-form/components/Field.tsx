import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { OptionList } from '../../../components/OptionList';
import { fieldId, fieldLabel } from '../field-labels';
import forms from '../../../styles/forms.module.css';
import styles from './BacktestForm.module.css';

interface FieldProps {
  /** The field's dotted request path: it gives the id, the label and the error's place. */
  path: string;
  error?: string | undefined;
  /** An odd value that does not block the run (src/shared/value-warnings.ts). */
  warning?: string | undefined;
  hint?: ReactNode;
}

/** What ties a control to its label, hint and error; spread onto an input or a select. */
export interface ControlWiring {
  id: string;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label (row name said, not shown), the control, its hint and its error, wired together. */
export function FieldShell({
  path,
  error,
  warning,
  hint,
  control,
}: FieldProps & { control: (wiring: ControlWiring) => ReactNode }) {
  const id = fieldId(path);
  const { prefix, text } = fieldLabel(path);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;
  // An error outranks a warning at the same field: only one of them is shown.
  const shownWarning = error ? undefined : warning;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, shownWarning ? warningId : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label id={`${id}-label`} htmlFor={id} className={styles.label}>
        {prefix && <span className="visually-hidden">{prefix}</span>}
        <span className={styles.labelText}>{text}</span>
      </label>
      {control({
        id,
        className: forms.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={hintId} className={forms.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={forms.error}>
          {error}
        </p>
      )}
      {shownWarning && (
        <p id={warningId} className={styles.fieldWarning}>
          {shownWarning}
        </p>
      )}
    </div>
  );
}

export function SelectField({
  path,
  error,
  warning,
  hint,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell
      path={path}
      error={error}
      warning={warning}
      hint={hint}
      control={(wiring) => (
        <select {...wiring} {...select}>
          {children}
        </select>
      )}
    />
  );
}

export function InputField({
  path,
  error,
  warning,
  hint,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell
      path={path}
      error={error}
      warning={warning}
      hint={hint}
      control={(wiring) => <input {...wiring} {...input} />}
    />
  );
}

/** Options from a list of values, with optional display labels. */
export function Options<T extends string>({
  values,
  labels,
}: {
  values: readonly T[];
  labels?: Partial<Record<T, string>>;
}) {
  return <OptionList choices={values.map((value) => ({ value, label: labels?.[value] ?? value }))} />;
}
