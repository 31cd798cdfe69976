import { type Ref, useId } from 'react';
import forms from '../styles/forms.module.css';
import styles from './SearchBox.module.css';

interface SearchBoxProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled search field in a search landmark. It filters as the visitor types. */
export function SearchBox({ label, value, onChange, placeholder, ref }: SearchBoxProps) {
  const id = useId();
  return (
    <div role="search" className={styles.search}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type="search"
        className={`${forms.control} ${styles.input}`}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
