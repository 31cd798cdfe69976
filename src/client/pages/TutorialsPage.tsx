import { useState } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../config/paths';
import { SearchBox } from '../components/SearchBox';
import { SegmentedControl } from '../components/SegmentedControl';
import { SitePage } from '../features/site/components/SitePage';
import { SiteSection } from '../features/site/components/SiteSection';
import site from '../styles/site.module.css';
import {
  LEARNING_TRACKS,
  PRO_TIPS,
  TUTORIAL_CATEGORIES,
  type Tutorial,
} from '../features/site/content/tutorials';
import { filterGroups, matchesQuery } from '../features/site/search';
import styles from './TutorialsPage.module.css';

const ALL = 'all';
const CATEGORY_OPTIONS = [
  { value: ALL, label: 'All' },
  ...TUTORIAL_CATEGORIES.map((category) => ({ value: category.id, label: category.title })),
];
const TUTORIALS = new Map(
  TUTORIAL_CATEGORIES.flatMap((category) => category.tutorials).map((tutorial) => [tutorial.id, tutorial]),
);

/** Tutorials (docs/product.md#screens-and-routes): five categories of cards, three learning tracks and pro tips. */
export function TutorialsPage() {
  const [query, setQuery] = useState('');
  const [categoryId, setCategoryId] = useState<string>(ALL);
  const { groups: categories, shown } = filterGroups(
    TUTORIAL_CATEGORIES.filter((category) => categoryId === ALL || category.id === categoryId),
    'tutorials',
    (tutorial) => matchesQuery(tutorial.title, query),
  );

  return (
    <SitePage
      title="Tutorials"
      lead="Short, practical lessons: build a strategy, make its results realistic, and test whether it is robust."
      description="Step-by-step tutorials for Backtest Studio, from your first backtest to parameter sweeps and machine-learning mode."
    >
      <div className={styles.filters}>
        <SearchBox label="Search tutorials by title" value={query} onChange={setQuery} />
        <SegmentedControl
          label="Category"
          options={CATEGORY_OPTIONS}
          value={categoryId}
          onChange={setCategoryId}
        />
      </div>
      <p className={site.count} role="status">
        {shown === TUTORIALS.size ? `${shown} tutorials` : `${shown} of ${TUTORIALS.size} tutorials shown`}
      </p>
      {categories.length === 0 ? (
        <div className={site.empty}>
          <p>No tutorial in this category has “{query.trim()}” in its title.</p>
        </div>
      ) : null}
      {categories.map((category) => (
        <section key={category.id} aria-labelledby={`${category.id}-title`} className={styles.category}>
          <h2 id={`${category.id}-title`}>{category.title}</h2>
          <ul className={site.grid}>
            {category.tutorials.map((tutorial) => (
              <TutorialCard key={tutorial.id} tutorial={tutorial} />
            ))}
          </ul>
        </section>
      ))}

      <SiteSection id="tracks" title="Learning tracks">
        <ul className={site.grid}>
          {LEARNING_TRACKS.map((track) => (
            <li key={track.title} className={site.card}>
              <h3 className={site.cardTitle}>{track.title}</h3>
              <p className={site.cardText}>{track.description}</p>
              <ol className={styles.track}>
                {track.tutorialIds.map((id) => (
                  <li key={id}>
                    <a
                      href={`#${id}`}
                      // The card may be hidden by the search or the category: show them all first.
                      onClick={() => {
                        setQuery('');
                        setCategoryId(ALL);
                      }}
                    >
                      {TUTORIALS.get(id)?.title}
                    </a>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      </SiteSection>

      <section aria-labelledby="tips-title" className={`${site.section} ${site.panel}`}>
        <h2 id="tips-title">Pro tips</h2>
        <ul className={styles.tips}>
          {PRO_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
        <p>
          Stuck on a step? The <Link to={PATHS.documentation}>documentation</Link> explains every field, and
          the <Link to={PATHS.community}>community</Link> is there to help.
        </p>
      </section>
    </SitePage>
  );
}

function TutorialCard({ tutorial }: { tutorial: Tutorial }) {
  return (
    <li id={tutorial.id} className={`${site.card} ${styles.tutorial}`}>
      <h3 className={site.cardTitle}>{tutorial.title}</h3>
      <dl className={styles.facts}>
        <div>
          <dt>Duration</dt>
          <dd>{tutorial.duration}</dd>
        </div>
        <div>
          <dt>Level</dt>
          <dd>{tutorial.level}</dd>
        </div>
        <div>
          <dt>Format</dt>
          <dd>{tutorial.format}</dd>
        </div>
      </dl>
      <p className={site.cardText}>{tutorial.summary}</p>
      <details className={styles.steps}>
        <summary>Show the steps</summary>
        <ol>
          {tutorial.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </details>
      {tutorial.related ? <Link to={tutorial.related.to}>{tutorial.related.label}</Link> : null}
    </li>
  );
}
