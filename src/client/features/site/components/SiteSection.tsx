import type { ReactNode } from 'react';
import styles from '../../../styles/site.module.css';

/** A section of a content page, named by its h2 (`${id}-title`). */
export function SiteSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={styles.section}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
