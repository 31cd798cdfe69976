import { Link, useSearchParams } from 'react-router';
import { LEGAL_PAGE_LAST_UPDATED } from '../../shared/site';
import { Sections } from '../features/site/components/ContentBlocks';
import { SitePage } from '../features/site/components/SitePage';
import site from '../styles/site.module.css';
import { LEGAL_SECTIONS } from '../features/site/content/legal';
import styles from './LegalPage.module.css';

/**
 * The legal page (docs/product.md#screens-and-routes): a sidebar of five texts, terms by default (docs/product.md#states-and-transitions). The
 * chosen text is in the URL (?section=refund), so a link can point at it.
 */
export function LegalPage() {
  const [params] = useSearchParams();
  const requested = params.get('section')?.toLowerCase();
  const current = LEGAL_SECTIONS.find((section) => section.id === requested) ?? LEGAL_SECTIONS[0];

  return (
    <SitePage
      title="Legal"
      metaTitle={`${current.label} | Legal`}
      description="Terms of Service, Privacy Policy, Disclaimer, Refund Policy and Copyright Information of Backtest Studio."
      intro={<p className={site.meta}>Last updated: {LEGAL_PAGE_LAST_UPDATED}</p>}
      bodyClassName={styles.layout}
    >
      <nav aria-label="Legal documents" className={styles.sidebar}>
        <ul>
          {LEGAL_SECTIONS.map((section) => (
            <li key={section.id}>
              <Link
                to={{ search: `?section=${section.id}` }}
                aria-current={section.id === current.id ? 'page' : undefined}
                className={styles.sideLink}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <article className={site.prose} aria-labelledby="legal-section-title">
        <h2 id="legal-section-title" className={styles.documentTitle}>
          {current.label}
        </h2>
        <Sections sections={current.sections} level={3} />
      </article>
    </SitePage>
  );
}
