import { Link } from 'react-router';
import { PATHS } from '../../../config/paths';
import { ButtonLink } from '../../../components/ButtonLink';
import type { ListingItem } from '../content/listing-types';
import type { Listing } from '../content/listings';
import { Sections } from './ContentBlocks';
import { PublishedAt } from './ListingPage';
import { SitePage } from './SitePage';
import styles from '../../../styles/site.module.css';

/** The detail page behind a listing card: title, date for press, body, and related cards. */
export function ArticleView({ listing, item }: { listing: Listing; item: ListingItem }) {
  const related = listing.items.filter((other) => other.slug !== item.slug).slice(0, 3);

  return (
    <SitePage
      title={item.title}
      lead={item.summary}
      trail={[
        { label: 'Home', to: PATHS.home },
        { label: listing.title, to: listing.path },
      ]}
      description={item.summary}
      intro={
        <>
          {item.date ? <PublishedAt date={item.date} time={item.time} /> : null}
          {item.template ? (
            // The builder loads a request passed in the navigation's state, as "Edit and re-run" does.
            <ButtonLink to={PATHS.simulator} state={{ request: item.template }}>
              Open in the builder
            </ButtonLink>
          ) : null}
        </>
      }
      bodyClassName={styles.withAside}
    >
      <article className={styles.prose}>
        {listing.note ? <p className={styles.note}>{listing.note}</p> : null}
        <Sections sections={item.body} />
      </article>
      <aside className={styles.aside} aria-labelledby="related-title">
        <h2 id="related-title" className={styles.asideTitle}>
          More {listing.noun.many}
        </h2>
        <ul className={styles.asideList}>
          {related.map((other) => (
            <li key={other.slug}>
              <Link to={listing.itemPath(other.slug)}>{other.title}</Link>
            </li>
          ))}
        </ul>
        <p>
          <Link to={listing.path}>All {listing.noun.many}</Link>
        </p>
      </aside>
    </SitePage>
  );
}
