import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { InternalLink } from '../content/blocks';
import styles from '../../../styles/site.module.css';

interface PageIntroProps {
  title: string;
  lead?: ReactNode;
  /** Extra content under the lead, e.g. a date line or buttons. */
  children?: ReactNode;
  /** The pages above this one, shown as a breadcrumb trail. */
  trail?: readonly InternalLink[];
}

/** The band at the top of a page with its one h1. */
export function PageIntro({ title, lead, children, trail }: PageIntroProps) {
  return (
    <div className={styles.intro}>
      <div className="container">
        {trail ? (
          <nav aria-label="Breadcrumb">
            <ol className={styles.trail}>
              {trail.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
              <li aria-current="page">{title}</li>
            </ol>
          </nav>
        ) : null}
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
