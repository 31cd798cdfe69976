import type { ReactNode } from 'react';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import type { InternalLink } from '../content/blocks';
import { PageIntro } from './PageIntro';
import styles from '../../../styles/site.module.css';

interface SitePageProps {
  /** The page's h1, and its document title unless `metaTitle` is given. */
  title: string;
  metaTitle?: string;
  /** The page's meta description. */
  description: string;
  lead?: ReactNode;
  /** Extra content in the intro band under the lead, e.g. a date line or buttons. */
  intro?: ReactNode;
  /** The pages above this one, shown as a breadcrumb trail. */
  trail?: readonly InternalLink[];
  /** A class added to the body container, e.g. a two-column layout. */
  bodyClassName?: string;
  children: ReactNode;
}

/** A content page: its document title and description, the intro band, then the body. */
export function SitePage({
  title,
  metaTitle,
  description,
  lead,
  intro,
  trail,
  bodyClassName,
  children,
}: SitePageProps) {
  useDocumentMeta(metaTitle ?? title, description);
  return (
    <>
      <PageIntro title={title} lead={lead} trail={trail}>
        {intro}
      </PageIntro>
      <div
        className={bodyClassName ? `container ${styles.body} ${bodyClassName}` : `container ${styles.body}`}
      >
        {children}
      </div>
    </>
  );
}
