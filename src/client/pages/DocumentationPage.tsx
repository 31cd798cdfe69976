import { useState } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../config/paths';
import { SearchBox } from '../components/SearchBox';
import { ContentBlocks } from '../features/site/components/ContentBlocks';
import { SitePage } from '../features/site/components/SitePage';
import site from '../styles/site.module.css';
import { blocksText } from '../features/site/content/blocks';
import { DOC_CATEGORIES } from '../features/site/content/documentation';
import { filterGroups, matchesQuery } from '../features/site/search';
import styles from './DocumentationPage.module.css';

const GUIDE_COUNT = DOC_CATEGORIES.reduce((count, category) => count + category.guides.length, 0);

/** Documentation (docs/product.md#screens-and-routes): six categories of expandable guides and a search that filters them. */
export function DocumentationPage() {
  const [query, setQuery] = useState('');
  const { groups: categories, shown } = filterGroups(DOC_CATEGORIES, 'guides', (guide, category) =>
    matchesQuery(`${category.title} ${guide.title} ${blocksText(guide.blocks)}`, query),
  );

  return (
    <SitePage
      title="Documentation"
      lead="Everything the simulator does, in plain words: the builder’s fields, indicators, patterns, exits, fills and metrics."
      description="How Backtest Studio works: the strategy builder, every indicator and candlestick pattern, exit rules, fills, costs and metrics."
      bodyClassName={styles.layout}
    >
      <nav aria-label="Documentation categories" className={styles.toc}>
        <ul>
          {DOC_CATEGORIES.map((category) => (
            <li key={category.id}>
              <a href={`#${category.id}`}>{category.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        <SearchBox label="Search the documentation" value={query} onChange={setQuery} />
        <p className={site.count} role="status">
          {shown === GUIDE_COUNT ? `${GUIDE_COUNT} guides` : `${shown} of ${GUIDE_COUNT} guides match`}
        </p>
        {categories.length === 0 ? (
          <div className={site.empty}>
            <p>No guide mentions “{query.trim()}”.</p>
            <p>
              Try another word, or <Link to={PATHS.support}>ask the support team</Link>.
            </p>
          </div>
        ) : null}
        {categories.map((category) => (
          <section
            key={category.id}
            id={category.id}
            aria-labelledby={`${category.id}-title`}
            className={styles.category}
          >
            <h2 id={`${category.id}-title`}>{category.title}</h2>
            <p className={site.sectionLead}>{category.summary}</p>
            <div className={styles.guides}>
              {category.guides.map((guide) => (
                <details key={guide.id} id={guide.id} className={styles.guide}>
                  <summary>{guide.title}</summary>
                  <div className={styles.guideBody}>
                    <ContentBlocks blocks={guide.blocks} />
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </SitePage>
  );
}
