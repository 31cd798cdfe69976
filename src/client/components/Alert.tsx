import type { ReactNode } from 'react';
import styles from './Alert.module.css';

interface AlertProps {
  tone: 'error' | 'success' | 'warning' | 'info';
  children: ReactNode;
}

/** A message banner; errors and warnings are announced at once (role=alert), others politely. */
export function Alert({ tone, children }: AlertProps) {
  const urgent = tone === 'error' || tone === 'warning';
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={urgent ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
