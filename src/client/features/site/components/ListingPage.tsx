import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { SearchBox } from '../../../components/SearchBox';
import type { ListingItem } from '../content/listing-types';
import type { Listing } from '../content/listings';
import { formatDate } from '../format';
import { matchesQuery } from '../search';
import { SitePage } from './SitePage';
import { Sparkline } from './Sparkline';
import styles from '../../../styles/site.module.css';

/**
 * A content listing (docs/product.md#screens-and-routes): title, subtitle, a search box that filters the cards by
 * title (case-insensitive substring) and a message when nothing matches.
 */
export function ListingPage({ listing }: { listing: Listing }) {
  const [query, setQuery] = useState('');
  const searchInput = useRef<HTMLInputElement>(null);
  const shown = listing.items.filter((item) => matchesQuery(item.title, query));
  const total = listing.items.length;

  return (
    <SitePage title={listing.title} lead={listing.subtitle} description={listing.description}>
      {listing.note ? <p className={styles.note}>{listing.note}</p> : null}
      <SearchBox ref={searchInput} label={listing.searchLabel} value={query} onChange={setQuery} />
      <p className={styles.count} role="status">
        {shown.length === total
          ? `${total} ${listing.noun.many}`
          : `${shown.length} of ${total} ${listing.noun.many} match`}
      </p>
      {shown.length > 0 ? (
        <ul className={styles.cards}>
          {shown.map((item) => (
            <ListingCard key={item.slug} item={item} to={listing.itemPath(item.slug)} />
          ))}
        </ul>
      ) : (
        <div className={styles.empty}>
          <p>
            No {listing.noun.one} has “{query.trim()}” in its title. Try a shorter or different word.
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              setQuery('');
              searchInput.current?.focus();
            }}
          >
            Clear the search
          </Button>
        </div>
      )}
    </SitePage>
  );
}

interface ListingCardProps {
  item: ListingItem;
  to: string;
  /** Where the card comes from, when cards of several listings are mixed (the blog). */
  kind?: string;
}

export function ListingCard({ item, to, kind }: ListingCardProps) {
  return (
    <li className={styles.card}>
      <Sparkline seed={item.slug} />
      {kind ? <p className={styles.kind}>{kind}</p> : null}
      <h2 className={styles.cardTitle}>
        <Link to={to} className={styles.cardLink}>
          {item.title}
        </Link>
      </h2>
      {item.date ? <PublishedAt date={item.date} time={item.time} /> : null}
      <p className={styles.cardText}>{item.summary}</p>
    </li>
  );
}

export function PublishedAt({ date, time }: { date: string; time?: string }) {
  return (
    <p className={styles.meta}>
      <time dateTime={date}>{formatDate(date)}</time>
      {time ? `, ${time}` : null}
    </p>
  );
}
