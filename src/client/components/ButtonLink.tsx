import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';

interface ButtonLinkProps extends LinkProps {
  variant?: 'primary' | 'secondary';
}

/** A navigation link styled as a button. */
export function ButtonLink({ variant = 'primary', className, ...props }: ButtonLinkProps) {
  return (
    <Link className={[styles.button, styles[variant], className].filter(Boolean).join(' ')} {...props} />
  );
}
